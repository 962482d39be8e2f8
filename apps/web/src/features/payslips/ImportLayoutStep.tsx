import { COLUMN_GROUPS, IDENTITY_KINDS, MAX_PAYSLIP_NOTE, type IdentityKind, type PayslipColumn, type PayslipSheetPreview } from '@wfsaas/contracts';
import { Alert, Button, Card, Checkbox, Col, Flex, Form, Input, Radio, Row, Select, Space, Switch, Table, Tag } from 'antd';
import { useState } from 'react';
import { FormModal } from '../../app/ui/FormOverlay.tsx';
import { useAction } from '../../app/ui/use-action.ts';
import { identityIndexes, type Layout } from './import-layout.ts';
import { payslipCalls, useInvalidatePayslips } from './payslips.api.ts';

/** 设置表头: header rows, identity columns, which columns show in which group, and the payslip's note. */
const GROUP_OPTIONS = COLUMN_GROUPS.map((g) => ({ value: g.key, label: g.label }));

export function LayoutStep({ sheet, layout, busy, onChange, onHeaderRows, onBack, onNext }: { sheet: PayslipSheetPreview; layout: Layout; busy: boolean; onChange: (l: Layout) => void; onHeaderRows: (n: 1 | 2) => void; onBack: () => void; onNext: () => void }) {
  const [naming, setNaming] = useState(false);
  const invalidate = useInvalidatePayslips();
  const saveTemplate = useAction((name: string) => payslipCalls.saveTemplate({ name, headerRows: sheet.headerRows, columns: layout.columns, hideEmpty: layout.hideEmpty, note: layout.note }), {
    invalidate,
    success: '保存成功',
    onSuccess: () => setNaming(false),
  });
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
        <Button onClick={() => setNaming(true)}>保存为模板</Button>
        <Button type="primary" loading={busy} disabled={!hasName || !hasOther || shownCount === 0} onClick={onNext} className="layout-next">
          下一步
        </Button>
      </Space>
      <TemplateNameModal open={naming} onClose={() => setNaming(false)} onSubmit={(name) => saveTemplate.run(name)} />
    </Flex>
  );
}

function TemplateNameModal({ open, onClose, onSubmit }: { open: boolean; onClose: () => void; onSubmit: (name: string) => Promise<unknown> }) {
  const [form] = Form.useForm<{ name?: string }>();
  const name = Form.useWatch('name', form) ?? '';
  return (
    <FormModal<{ name?: string }> title="保存为模板" open={open} form={form} okText="保存" okDisabled={!name.trim()} onClose={onClose} onSubmit={(v) => onSubmit((v.name ?? '').trim())}>
      <Form.Item name="name" noStyle>
        <Input maxLength={40} placeholder="例如：月度工资条" aria-label="模板名称" />
      </Form.Item>
    </FormModal>
  );
}
