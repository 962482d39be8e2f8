import { InboxOutlined } from '@ant-design/icons';
import { MAX_PAYSLIP_TITLE, type PayslipTemplateView } from '@wfsaas/contracts';
import { Col, DatePicker, Flex, Form, Input, Row, Select, Upload } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { Basics } from './import-layout.ts';
import { defaultPayslipTitle, previousMonth } from './payslip-format.ts';

/** 上传文件: the month, the title, an optional template, then the sheet. */
export function UploadStep({ busy, templates, initial, onFile }: { busy: boolean; templates: PayslipTemplateView[]; initial: Basics | null; onFile: (f: File, b: Basics) => void }) {
  const [form] = Form.useForm<{ month: Dayjs; title: string; templateId?: number }>();
  const startMonth = initial?.month ?? previousMonth(new Date());
  return (
    <Flex vertical gap={16} style={{ maxWidth: 720, margin: '0 auto' }}>
      <Form
        form={form}
        layout="vertical"
        className="payslip-basics"
        initialValues={{ month: dayjs(`${startMonth}-01`), title: initial?.title ?? defaultPayslipTitle(startMonth), templateId: initial?.templateId }}
        onValuesChange={(changed: { month?: Dayjs | null }) => {
          if (!changed.month) return;
          // a title the user typed stays; the default one follows the month
          const title = ((form.getFieldValue('title') as string | undefined) ?? '').trim();
          if (title === '' || /^\d{4}年\d{1,2}月工资条$/.test(title)) form.setFieldValue('title', defaultPayslipTitle(changed.month.format('YYYY-MM')));
        }}
      >
        <Row gutter={24}>
          <Col span={12}>
            <Form.Item name="month" label="工资月份" rules={[{ required: true, message: '请选择工资月份' }]}>
              <DatePicker picker="month" format="YYYY-MM" style={{ width: '100%' }} allowClear={false} aria-label="工资月份" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="title" label="工资条标题" rules={[{ required: true, whitespace: true, message: '请填写工资条标题' }, { max: MAX_PAYSLIP_TITLE, message: `标题不能超过 ${MAX_PAYSLIP_TITLE} 个字` }]}>
              <Input maxLength={MAX_PAYSLIP_TITLE} aria-label="工资条标题" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="templateId" label="工资条模板（可选）" extra="选择模板后按列名套用已保存的分组与显示设置">
              <Select allowClear placeholder="不使用模板" options={templates.map((t) => ({ value: t.id, label: t.name }))} aria-label="工资条模板" />
            </Form.Item>
          </Col>
        </Row>
      </Form>
      <Upload.Dragger
        accept=".xlsx"
        multiple={false}
        showUploadList={false}
        disabled={busy}
        className="payslip-upload"
        beforeUpload={(f) => {
          form
            .validateFields()
            .then((v) => onFile(f, { month: v.month.format('YYYY-MM'), title: v.title.trim(), templateId: v.templateId }))
            .catch(() => undefined);
          return false;
        }}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">{busy ? '正在上传并读取工资表…' : '点击或拖拽工资表到此处上传'}</p>
        <p className="ant-upload-hint">仅支持 .xlsx 文件，读取第一个工作表；支持一行或两行表头，需包含姓名列及手机号、证件号码或工号之一</p>
      </Upload.Dragger>
    </Flex>
  );
}
