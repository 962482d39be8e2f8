import { gridSpan, type ChangeFormEntry, type FormDefinition, type ReviewableChangeType } from '@wfsaas/contracts';
import { Col, Divider, Row } from 'antd';
import { CustomWidgetItem } from '../employees/pickers.tsx';
import { useChangeForm } from './lifecycle.api.ts';

/**
 * The change type's company form (异动表单) inside a do-dialog: its fields under `formValues`, in
 * the form's grid, checked as the server checks them. Nothing when the type has no form.
 */
export function ChangeFormFields({ type }: { type: ReviewableChangeType }) {
  const form = useChangeForm(type);
  return form.data ? <FormDefinitionFields def={form.data} /> : null;
}

/** A change form's fields under `formValues`, in its grid: the type's form or a change plan's own. */
export function FormDefinitionFields({ def }: { def: FormDefinition }) {
  const span = gridSpan(def.formConfig.cols);
  return (
    <div className="change-form-fields">
      <Divider titlePlacement="start" plain style={{ margin: '4px 0 12px' }}>
        补充信息
      </Divider>
      <Row gutter={16}>
        {def.widgetList.map((w) => (
          <Col key={w.key} span={w.cols ? Math.floor(24 / w.cols) : span}>
            <CustomWidgetItem widget={w} name={['formValues', w.key]} />
          </Col>
        ))}
      </Row>
    </div>
  );
}

/** The answers of a change's form, one "标签：内容" line each (the timeline and the review list). */
export function ChangeFormAnswers({ form }: { form: readonly ChangeFormEntry[] }) {
  if (form.length === 0) return null;
  return (
    <div className="change-form-answers" style={{ color: 'rgba(0,0,0,0.65)', fontSize: 12 }}>
      {form.map((e) => (
        <div key={e.key}>
          {e.label}：{e.text}
        </div>
      ))}
    </div>
  );
}
