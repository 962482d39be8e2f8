import { Button, Col, Form, Row, type FormInstance } from 'antd';
import { Children, Fragment, isValidElement, useEffect, type ReactNode } from 'react';

/** The fields one by one: a fragment of fields gives each its own grid cell. */
function fieldList(children: ReactNode): ReactNode[] {
  return Children.toArray(children).flatMap((c) => (isValidElement<{ children?: ReactNode }>(c) && c.type === Fragment ? fieldList(c.props.children) : [c]));
}

/**
 * The query form of a list page: fields in a grid (up to four a row), 查询 / 重置 on the right.
 * Reset clears the fields and searches again. With `values` (the URL-kept filters) the fields follow them.
 */
export function QueryForm<T extends object>({ form: given, name, values, onSearch, children }: { form?: FormInstance<T>; /** Prefixes the field ids (unique labels on a page with several forms). */ name?: string; values?: Partial<T>; onSearch: (values: T) => void; children: ReactNode }) {
  const [own] = Form.useForm<T>();
  const form = given ?? own;
  const fields = fieldList(children);
  const shown = values === undefined ? null : JSON.stringify(values);
  useEffect(() => {
    if (values === undefined) return;
    form.resetFields();
    form.setFieldsValue(values as Parameters<FormInstance<T>['setFieldsValue']>[0]);
    // `shown` stands for `values`: a new object with the same content changes nothing.
  }, [shown, form]);
  return (
    <Form<T> form={form} name={name} onFinish={onSearch} className="query-form" labelCol={{ flex: '84px' }} style={{ marginBottom: 0 }}>
      <Row gutter={24}>
        {fields.map((f, i) => (
          <Col key={i} xs={24} md={12} xl={8} xxl={6}>
            {f}
          </Col>
        ))}
        <Col flex="auto" style={{ textAlign: 'right' }}>
          <Form.Item style={{ marginBottom: 0 }}>
            <Button
              style={{ marginInlineEnd: 8 }}
              onClick={() => {
                // resetFields drops the fields without an initial value from the store: name them as cleared
                const cleared = Object.fromEntries(Object.keys(form.getFieldsValue() as object).map((k) => [k, undefined]));
                form.resetFields();
                onSearch({ ...cleared, ...form.getFieldsValue(true) } as T);
              }}
            >
              重置
            </Button>
            <Button type="primary" htmlType="submit">
              查询
            </Button>
          </Form.Item>
        </Col>
      </Row>
    </Form>
  );
}
