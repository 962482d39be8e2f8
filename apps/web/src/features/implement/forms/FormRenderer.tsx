import { SYSTEM_FORM_DICTIONARIES, validateCustomFieldValues, withDictionaryOptions, type FormDefinition, type Widget } from '@wfsaas/contracts';
import { Col, Divider, Form, Input, InputNumber, Row, Select, Space } from 'antd';
import { useMemo } from 'react';
import { DateText, DepartmentTreeSelect, EmployeePicker } from '../../employees/pickers.tsx';
import { widgetSpan } from './designer.ts';

/** A form definition rendered as the person filling it sees it: the grid by columns, each widget's input, the shared value check. */

/** The definition with dictionary widgets carrying the system dictionaries' items. */
export function useResolved(def: FormDefinition): FormDefinition {
  return useMemo(() => withDictionaryOptions(def, (code) => SYSTEM_FORM_DICTIONARIES[code]?.items ?? null), [def]);
}

/** One widget's input by type. */
export function WidgetInput({ widget: w, value, onChange, id, disabled }: { widget: Widget; value?: unknown; onChange?: (v: unknown) => void; id?: string; disabled?: boolean }) {
  const o = w.options;
  const ph = o.placeholder;
  const options = (o.options ?? []).map((x) => ({ value: x.value, label: x.label }));
  switch (w.type) {
    case 'textarea':
      return <Input.TextArea id={id} disabled={disabled} value={(value as string) ?? ''} onChange={(e) => onChange?.(e.target.value)} autoSize={{ minRows: 2, maxRows: 5 }} placeholder={ph ?? `请输入${w.label}`} />;
    case 'number':
    case 'money':
      return (
        <InputNumber
          id={id}
          disabled={disabled}
          value={value === undefined || value === null || value === '' ? null : Number(value)}
          onChange={(v) => onChange?.(v === null ? null : w.type === 'money' ? Number(v).toFixed(2) : v)}
          min={o.min}
          max={o.max}
          precision={w.type === 'money' ? 2 : o.precision}
          prefix={w.type === 'money' ? '¥' : undefined}
          style={{ width: '100%' }}
          placeholder={ph ?? `请输入${w.label}`}
        />
      );
    case 'date':
      return <DateText id={id} disabled={disabled} value={(value as string | null) ?? null} onChange={onChange} placeholder={ph} />;
    case 'dateRange': {
      const pair = Array.isArray(value) ? (value as string[]) : ['', ''];
      const set = (i: 0 | 1, v: string | null) => {
        const next = [...pair];
        next[i] = v ?? '';
        onChange?.(next[0] || next[1] ? next : null);
      };
      return (
        <Space.Compact style={{ width: '100%' }}>
          <DateText id={id} disabled={disabled} value={pair[0] || null} onChange={(v) => set(0, v)} placeholder="开始日期" />
          <DateText disabled={disabled} value={pair[1] || null} onChange={(v) => set(1, v)} placeholder="结束日期" />
        </Space.Compact>
      );
    }
    case 'select':
    case 'radio':
      return <Select id={id} disabled={disabled} value={value ?? undefined} onChange={(v) => onChange?.(v ?? null)} options={options} allowClear placeholder={ph ?? `请选择${w.label}`} style={{ width: '100%' }} />;
    case 'multiSelect':
    case 'checkbox':
      return <Select id={id} disabled={disabled} mode="multiple" style={{ width: '100%' }} value={(value as unknown[]) ?? []} onChange={(v) => onChange?.(v)} options={options} allowClear placeholder={ph ?? `请选择${w.label}`} />;
    case 'employee':
      return disabled ? <Select disabled placeholder="选择员工" style={{ width: '100%' }} /> : <EmployeePicker id={id} value={(value as number | null) ?? null} onChange={(v) => onChange?.(v)} />;
    case 'department':
      return disabled ? <Select disabled placeholder="请选择部门" style={{ width: '100%' }} /> : <DepartmentTreeSelect id={id} value={(value as number | null) ?? null} onChange={(v) => onChange?.(v)} />;
    case 'image':
    case 'file':
      return <Input disabled placeholder={w.type === 'image' ? '上传图片' : '上传附件'} />;
    case 'switch':
      return <Select id={id} disabled={disabled} value={value === undefined || value === null ? undefined : value ? 1 : 0} onChange={(v) => onChange?.(v === 1)} options={[{ value: 1, label: '是' }, { value: 0, label: '否' }]} />;
    default:
      return <Input id={id} disabled={disabled} value={(value as string) ?? ''} onChange={(e) => onChange?.(e.target.value)} placeholder={ph ?? `请输入${w.label}`} />;
  }
}

/** The error of one value, as the server checks it. */
export function widgetError(w: Widget, v: unknown): string | null {
  const r = validateCustomFieldValues({ widgetList: [w] }, { [w.key]: v });
  return r.ok ? null : r.errors[0]!.message;
}

/** The fields of a definition in its grid, inside the caller's antd Form (values under their keys). */
export function FormFields({ definition, cols, namePrefix = [] }: { definition: FormDefinition; cols?: number; namePrefix?: string[] }) {
  const def = useResolved(definition);
  const formCols = cols ?? def.formConfig.cols ?? 2;
  return (
    <Row gutter={16}>
      {def.widgetList.map((w) =>
        w.type === 'section' ? (
          <Col span={24} key={w.id}>
            <Divider titlePlacement="start" style={{ margin: '8px 0 16px' }}>
              {w.label}
            </Divider>
          </Col>
        ) : (
          <Col span={widgetSpan(w, formCols)} key={w.id}>
            <Form.Item
              name={[...namePrefix, w.key]}
              label={w.label}
              required={w.options.required}
              initialValue={w.options.defaultValue}
              rules={[{ validator: async (_, v) => { const e = widgetError(w, v); if (e) throw new Error(e); } }]}
            >
              <WidgetInput widget={w} />
            </Form.Item>
          </Col>
        ),
      )}
    </Row>
  );
}
