import { InboxOutlined } from '@ant-design/icons';
import {
  COLUMN_GROUPS,
  IDENTITY_KINDS,
  MAX_PAYSLIP_NOTE,
  MAX_PAYSLIP_TITLE,
  type IdentityColumn,
  type IdentityKind,
  type PayslipAddResult,
  type PayslipBatchView,
  type PayslipColumn,
  type PayslipSheetPreview,
  type PayslipTemplateView,
  type UnmatchedRow,
} from '@wfsaas/contracts';
import { Alert, Button, Card, Checkbox, Col, DatePicker, Flex, Form, Input, Modal, Radio, Result, Row, Select, Space, Statistic, Steps, Switch, Table, Tag, Upload } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { toastSuccess } from '../../app/ui/feedback.ts';
import { formatDateTime } from '../../app/ui/format.ts';
import { PageHeader } from '../../app/ui/PageHeader.tsx';
import { useLeaveGuard } from '../../app/ui/use-leave-guard.ts';
import { EmployeePicker } from '../employees/pickers.tsx';
import { applyTemplate, identityIndexes, identityText } from './import-layout.ts';
import { defaultPayslipTitle, groupRowForPreview, netPayOf, previousMonth } from './payslip-format.ts';
import { payslipCalls, useInvalidatePayslips, useTemplates } from './payslips.api.ts';
import { PayslipSheet } from './PayslipSheet.tsx';
import { SendSettingsForm } from './SendSettingsForm.tsx';

/**
 * /gzt-vite/importPayslip — 导入工资条: 上传文件 → 设置表头 → 匹配人员 → 预览并发送 → 完成. The upload is
 * read by the server (header rows and identity columns detected); HR corrects the layout, the server
 * makes a draft batch and matches rows to employees, and the batch is sent now or at a set time.
 */

const STEP_TITLES = ['上传文件', '设置表头', '匹配人员', '预览并发送', '完成'];

type Basics = { month: string; title: string; templateId?: number };
type Layout = { headerRows: 1 | 2; identity: IdentityColumn[]; columns: PayslipColumn[]; hideEmpty: boolean; note: string };

export default function ImportPayslipPage() {
  const [step, setStep] = useState(0);
  const [file, setFile] = useState<File | null>(null);
  const [basics, setBasics] = useState<Basics | null>(null);
  const [sheet, setSheet] = useState<PayslipSheetPreview | null>(null);
  const [layout, setLayout] = useState<Layout | null>(null);
  const [added, setAdded] = useState<PayslipAddResult | null>(null);
  const [sent, setSent] = useState<PayslipBatchView | null>(null);
  const [busy, setBusy] = useState(false);
  const templates = useTemplates();
  // a sheet read but not yet sent: leaving asks first (a made draft stays in 工资条管理)
  useLeaveGuard(step >= 1 && step <= 3);

  const run = async <T,>(fn: () => Promise<T>): Promise<T | undefined> => {
    setBusy(true);
    try {
      return await fn();
    } catch {
      return undefined; // shown by the request client
    } finally {
      setBusy(false);
    }
  };

  const readSheet = async (f: File, b: Basics, headerRows?: 1 | 2) => {
    const template = templates.data?.find((t) => t.id === b.templateId);
    const s = await run(() => payslipCalls.header(f, headerRows ?? template?.headerRows));
    if (!s) return false;
    setFile(f);
    setSheet(s);
    setLayout(applyTemplate(s, template));
    return true;
  };

  const restart = () => {
    setStep(0);
    setFile(null);
    setSheet(null);
    setLayout(null);
    setAdded(null);
    setSent(null);
  };

  return (
    <Flex vertical gap={16} className="import-payslip-page">
      <PageHeader title="导入工资条" description="上传工资表，设置表头与显示项目，匹配员工后发送到员工手机，员工验证身份后查看并确认。" extra={<Link to="/gzt-vite/payslipManagement">工资条管理</Link>} />
      <Card>
        <Steps current={step} items={STEP_TITLES.map((title) => ({ title }))} style={{ marginBottom: 24 }} className="payslip-steps" />
        {step === 0 && (
          <UploadStep
            busy={busy}
            templates={templates.data ?? []}
            initial={basics}
            onFile={async (f, b) => {
              setBasics(b);
              if (await readSheet(f, b)) setStep(1);
            }}
          />
        )}
        {step === 1 && sheet && layout && basics && file && (
          <LayoutStep
            sheet={sheet}
            layout={layout}
            busy={busy}
            onChange={setLayout}
            onHeaderRows={(n) => void readSheet(file, basics, n)}
            onBack={() => setStep(0)}
            onNext={async () => {
              const r = await run(() => payslipCalls.add({ fileId: sheet.fileId, month: basics.month, title: basics.title, templateId: basics.templateId, ...layout }));
              if (r) {
                setAdded(r);
                setStep(2);
              }
            }}
          />
        )}
        {step === 2 && added && <MatchStep result={added} onChange={setAdded} onNext={() => setStep(3)} />}
        {step === 3 && added && sheet && layout && basics && (
          <SendStep
            batchId={added.batchId}
            basics={basics}
            sheet={sheet}
            layout={layout}
            onBack={() => setStep(2)}
            onSent={(b) => {
              setSent(b);
              setStep(4);
            }}
          />
        )}
        {step === 4 && added && <DoneStep batchId={added.batchId} sent={sent} result={added} onAgain={restart} />}
      </Card>
    </Flex>
  );
}

function UploadStep({ busy, templates, initial, onFile }: { busy: boolean; templates: PayslipTemplateView[]; initial: Basics | null; onFile: (f: File, b: Basics) => void }) {
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

const GROUP_OPTIONS = COLUMN_GROUPS.map((g) => ({ value: g.key, label: g.label }));

function LayoutStep({ sheet, layout, busy, onChange, onHeaderRows, onBack, onNext }: { sheet: PayslipSheetPreview; layout: Layout; busy: boolean; onChange: (l: Layout) => void; onHeaderRows: (n: 1 | 2) => void; onBack: () => void; onNext: () => void }) {
  const [saving, setSaving] = useState(false);
  const [templateName, setTemplateName] = useState<string | null>(null);
  const invalidate = useInvalidatePayslips();
  const columnOptions = sheet.columns.map((c) => ({ value: c.index, label: c.label }));
  const identityOf = (kind: IdentityKind) => layout.identity.find((i) => i.kind === kind)?.index;
  const setIdentity = (kind: IdentityKind, index: number | undefined) => {
    const rest = layout.identity.filter((i) => i.kind !== kind);
    const identity = index === undefined ? rest : [...rest, { kind, index }];
    const order = IDENTITY_KINDS.map((k) => k.key);
    onChange({ ...layout, identity: identity.sort((a, b) => order.indexOf(a.kind) - order.indexOf(b.kind)) });
  };
  const setColumn = (index: number, patch: Partial<PayslipColumn>) => onChange({ ...layout, columns: layout.columns.map((c) => (c.index === index ? { ...c, ...patch } : c)) });
  const hasName = identityOf('name') !== undefined;
  const hasOther = layout.identity.some((i) => i.kind !== 'name');
  const ids = new Set(identityIndexes(layout.identity));
  const shownCount = layout.columns.filter((c) => c.show && !ids.has(c.index)).length;

  return (
    <Flex vertical gap={16} className="payslip-layout-step">
      <Alert type="info" showIcon message={`文件「${sheet.fileName}」共 ${sheet.rowCount} 行数据，${sheet.columns.length} 列；已识别 ${sheet.headerRows} 行表头`} />
      <Flex gap={24} align="center" wrap>
        <span>
          表头行数：
          <Radio.Group value={sheet.headerRows} disabled={busy} onChange={(e) => onHeaderRows(e.target.value as 1 | 2)} className="header-rows" optionType="button" options={[{ value: 1, label: '一行表头' }, { value: 2, label: '两行表头' }]} />
        </span>
        <span style={{ color: 'rgba(0,0,0,0.45)' }}>两行表头时，列名为「上级表头/下级表头」</span>
      </Flex>
      <Table
        size="small"
        bordered
        className="sheet-sample"
        rowKey={(_, i) => String(i)}
        pagination={false}
        scroll={{ x: 'max-content', y: 240 }}
        dataSource={sheet.sample}
        columns={sheet.columns.map((c) => ({ title: c.label, key: String(c.index), render: (_: unknown, r: string[]) => r[c.index] ?? '', onHeaderCell: () => ({ style: { whiteSpace: 'nowrap' } }) }))}
      />
      <Card size="small" title="身份列（用于匹配员工）" className="identity-columns">
        <Flex gap={16} wrap>
          {IDENTITY_KINDS.map((k) => (
            <Space key={k.key}>
              <span>
                {k.key === 'name' && <span style={{ color: '#ff4d4f' }}>* </span>}
                {k.label}
              </span>
              <Select style={{ width: 180 }} allowClear={k.key !== 'name'} placeholder="未选择" value={identityOf(k.key)} options={columnOptions} onChange={(v: number | undefined) => setIdentity(k.key, v)} aria-label={`${k.label}列`} className={`identity-${k.key}`} />
            </Space>
          ))}
        </Flex>
        {(!hasName || !hasOther) && <Alert style={{ marginTop: 12 }} type="warning" showIcon message="请指定姓名列，以及手机号、证件号码、工号中的至少一列" />}
      </Card>
      <Table
        size="small"
        rowKey="index"
        className="column-settings"
        pagination={false}
        scroll={{ y: 420 }}
        dataSource={layout.columns}
        columns={[
          { title: '列名', dataIndex: 'label', render: (v: string, c) => (ids.has(c.index) ? <Space>{v}<Tag color="blue">身份列</Tag></Space> : v) },
          { title: '示例值', width: 200, render: (_: unknown, c) => sheet.sample[0]?.[c.index] ?? '' },
          {
            title: '显示',
            width: 80,
            render: (_: unknown, c) => <Checkbox checked={c.show && !ids.has(c.index)} disabled={ids.has(c.index)} onChange={(e) => setColumn(c.index, { show: e.target.checked })} aria-label={`显示${c.label}`} />,
          },
          { title: '所属分组', width: 180, render: (_: unknown, c) => <Select size="small" style={{ width: 140 }} value={c.group} options={GROUP_OPTIONS} disabled={ids.has(c.index)} onChange={(g) => setColumn(c.index, { group: g })} aria-label={`${c.label}分组`} /> },
        ]}
      />
      <Row gutter={24}>
        <Col span={12}>
          <Form layout="vertical">
            <Form.Item label="隐藏空值和零值" extra="开启后，员工看不到为空或为 0 的项目">
              <Switch checked={layout.hideEmpty} onChange={(v) => onChange({ ...layout, hideEmpty: v })} aria-label="隐藏空值和零值" />
            </Form.Item>
          </Form>
        </Col>
        <Col span={12}>
          <Form layout="vertical">
            <Form.Item label="备注（员工可见）">
              <Input.TextArea value={layout.note} maxLength={MAX_PAYSLIP_NOTE} showCount autoSize={{ minRows: 2, maxRows: 4 }} onChange={(e) => onChange({ ...layout, note: e.target.value })} placeholder="例如：如对工资有疑问，请于3日内联系人事部" aria-label="备注" />
            </Form.Item>
          </Form>
        </Col>
      </Row>
      <Space>
        <Button onClick={onBack}>重新上传</Button>
        <Button onClick={() => setTemplateName('')}>保存为模板</Button>
        <Button type="primary" loading={busy} disabled={!hasName || !hasOther || shownCount === 0} onClick={onNext} className="layout-next">
          下一步
        </Button>
      </Space>
      <Modal
        title="保存为模板"
        open={templateName !== null}
        okText="保存"
        cancelText="取消"
        confirmLoading={saving}
        okButtonProps={{ disabled: !templateName?.trim() }}
        onCancel={() => setTemplateName(null)}
        onOk={async () => {
          setSaving(true);
          try {
            await payslipCalls.saveTemplate({ name: (templateName ?? '').trim(), headerRows: sheet.headerRows, columns: layout.columns, hideEmpty: layout.hideEmpty, note: layout.note });
            await invalidate();
            toastSuccess('保存成功');
            setTemplateName(null);
          } catch {
            /* shown by the request client */
          } finally {
            setSaving(false);
          }
        }}
      >
        <Input value={templateName ?? ''} maxLength={40} placeholder="例如：月度工资条" onChange={(e) => setTemplateName(e.target.value)} aria-label="模板名称" />
      </Modal>
    </Flex>
  );
}

function MatchStep({ result, onChange, onNext }: { result: PayslipAddResult; onChange: (r: PayslipAddResult) => void; onNext: () => void }) {
  const [busyRow, setBusyRow] = useState<number | null>(null);
  const settle = async (row: UnmatchedRow, employeeId: number | null) => {
    setBusyRow(row.payslipId);
    try {
      await payslipCalls.assign(row.payslipId, employeeId);
      onChange({
        ...result,
        matched: result.matched + (employeeId ? 1 : 0),
        rowCount: result.rowCount - (employeeId ? 0 : 1),
        unmatched: result.unmatched.filter((u) => u.payslipId !== row.payslipId),
      });
      toastSuccess(employeeId ? '已匹配' : '已删除该行');
    } catch {
      /* shown by the request client */
    } finally {
      setBusyRow(null);
    }
  };
  const left = result.unmatched.length;
  return (
    <Flex vertical gap={16} className="payslip-match-step">
      <Flex gap={48} style={{ padding: '0 8px' }}>
        <Statistic title="数据总行数" value={result.rowCount} />
        <Statistic title="已匹配" value={result.matched} valueStyle={{ color: '#389e0d' }} className="matched-count" />
        <Statistic title="未匹配" value={left} valueStyle={{ color: left > 0 ? '#cf1322' : undefined }} className="unmatched-count" />
      </Flex>
      {left === 0 ? (
        <Alert type="success" showIcon message="全部数据已匹配到员工" />
      ) : (
        <Alert type="warning" showIcon message="以下数据未匹配到员工：请为每行选择对应员工，或删除该行。未处理的行不会发送。" />
      )}
      {left > 0 && <style>{'.unmatched-picker .employee-picker { width: 100%; }'}</style>}
      {left > 0 && (
        <Table<UnmatchedRow>
          rowKey="payslipId"
          size="middle"
          className="unmatched-table"
          dataSource={result.unmatched}
          pagination={{ pageSize: 10, showTotal: (n) => `共 ${n} 条`, hideOnSinglePage: true }}
          columns={[
            { title: '行号', dataIndex: 'rowNo', width: 80 },
            { title: '姓名', dataIndex: 'name', width: 120 },
            { title: '身份信息', dataIndex: 'identity', width: 200 },
            { title: '原因', dataIndex: 'reason', render: (v: string) => <span style={{ color: '#cf1322' }}>{v}</span> },
            {
              title: '操作',
              width: 360,
              render: (_: unknown, r) => (
                <Space>
                  <div style={{ width: 240 }} className="unmatched-picker">
                    <EmployeePicker placeholder="输入姓名搜索并选择员工" onChange={(v) => typeof v === 'number' && void settle(r, v)} />
                  </div>
                  <Button type="link" danger disabled={busyRow === r.payslipId} onClick={() => void settle(r, null)}>
                    删除该行
                  </Button>
                </Space>
              ),
            },
          ]}
        />
      )}
      <Space>
        <Button type="primary" onClick={onNext} disabled={result.matched === 0} className="match-next">
          下一步
        </Button>
      </Space>
    </Flex>
  );
}

function SendStep({ batchId, basics, sheet, layout, onBack, onSent }: { batchId: number; basics: Basics; sheet: PayslipSheetPreview; layout: Layout; onBack: () => void; onSent: (b: PayslipBatchView) => void }) {
  const [sampleIndex, setSampleIndex] = useState(0);
  const idIdx = identityIndexes(layout.identity);
  const nameIdx = layout.identity.find((i) => i.kind === 'name')?.index ?? 0;
  const groups = useMemo(() => groupRowForPreview(layout.columns, sheet.sample[sampleIndex] ?? [], { hideEmpty: layout.hideEmpty, identityIndexes: idIdx }), [layout, sheet, sampleIndex, idIdx]);
  const sampleOptions = sheet.sample.map((r, i) => ({ value: i, label: `${r[nameIdx] ?? `第 ${i + 1} 行`}（${identityText(layout.identity, r)}）` }));

  return (
    <Row gutter={32} className="payslip-send-step">
      <Col flex="415px">
        <Flex vertical gap={12}>
          <Space>
            <span>预览员工：</span>
            <Select style={{ width: 260 }} value={sampleIndex} options={sampleOptions} onChange={setSampleIndex} aria-label="预览员工" className="preview-employee" />
          </Space>
          <div className="payslip-preview" style={{ width: 375, background: '#f5f7fa', borderRadius: 16, padding: 12, border: '1px solid #e5e7eb', maxHeight: 640, overflowY: 'auto' }}>
            <PayslipSheet title={basics.title} month={basics.month} name={sheet.sample[sampleIndex]?.[nameIdx]} groups={groups} netPay={netPayOf(groups)} note={layout.note} />
          </div>
          <div style={{ color: 'rgba(0,0,0,0.45)' }}>以上为员工手机上看到的内容（仅预览文件前几行）</div>
        </Flex>
      </Col>
      <Col flex="auto">
        <SendSettingsForm batchId={batchId} onBack={onBack} onSent={onSent} />
      </Col>
    </Row>
  );
}

function DoneStep({ batchId, sent, result, onAgain }: { batchId: number; sent: PayslipBatchView | null; result: PayslipAddResult; onAgain: () => void }) {
  const scheduled = sent?.status === 1;
  return (
    <Result
      status="success"
      className="payslip-done"
      title={scheduled ? '已设置定时发送' : '工资条已开始发送'}
      subTitle={scheduled ? `将于 ${formatDateTime(sent?.sendAt)} 发送给 ${result.matched} 名员工` : `正在发送给 ${result.matched} 名员工，可在详情页查看发送与确认情况`}
      extra={[
        <Link key="detail" to={`/gzt-vite/payslipDetails/${batchId}`}>
          <Button type="primary">查看发放详情</Button>
        </Link>,
        <Button key="again" onClick={onAgain}>
          继续导入
        </Button>,
      ]}
    />
  );
}
