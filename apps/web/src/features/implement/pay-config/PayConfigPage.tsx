import { PlusOutlined } from '@ant-design/icons';
import { BANK_FILE_LAYOUTS, BANK_LAYOUT_SPECS, COMMON_BANKS, PAY_CONFIG_EDIT, type BankFileLayoutKey, type PayAccountView } from '@wfsaas/contracts';
import { App, AutoComplete, Button, Descriptions, Empty, Form, Input, Radio, Space, Switch, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { usePermissions } from '../../../app/routing/PermissionContext.ts';
import { confirmDelete } from '../../../app/ui/confirm-delete.ts';
import { FormDrawer } from '../../../app/ui/FormOverlay.tsx';
import { PageHeader } from '../../../app/ui/PageHeader.tsx';
import { Panel } from '../../../app/ui/Panel.tsx';
import { StatusTag } from '../../../app/ui/StatusTag.tsx';
import { useAction } from '../../../app/ui/use-action.ts';
import { payConfigCalls, useInvalidatePayConfig, usePayAccounts } from './pay-config.api.ts';

type AccountForm = { bankName: string; branch: string; accountName: string; accountNumber?: string; layout: BankFileLayoutKey; isDefault: boolean; enabled: boolean };
const FILE_TYPE = { xlsx: 'Excel（xlsx）', csv: 'CSV', txt: '文本（txt）' } as const;

/** /implement/payConfig (支付配置): the paying bank accounts and the bank file layout each uses for 银行代发. */
export default function PayConfigPage() {
  const { modal } = App.useApp();
  const { map } = usePermissions();
  const canEdit = map[PAY_CONFIG_EDIT] === true;
  const accounts = usePayAccounts();
  const invalidate = useInvalidatePayConfig();
  const [editing, setEditing] = useState<PayAccountView | 'new' | null>(null);
  const save = useAction((v: AccountForm) => payConfigCalls.save({ ...v, accountNumber: v.accountNumber ?? '', id: editing && editing !== 'new' ? editing.id : undefined }), { success: '保存成功', invalidate, onSuccess: () => setEditing(null) });
  const setDefault = useAction((r: PayAccountView) => payConfigCalls.setDefault(r.id), { success: '已设为默认', invalidate });
  const enable = useAction((r: PayAccountView, enabled: boolean) => payConfigCalls.enable(r.id, enabled), { success: (_, __, on) => (on ? '已启用' : '已停用'), invalidate });
  const remove = useAction((r: PayAccountView) => payConfigCalls.remove(r.id), { success: '删除成功', invalidate });

  const columns: TableColumnsType<PayAccountView> = [
    {
      title: '开户银行',
      dataIndex: 'bankName',
      key: 'bankName',
      width: 200,
      render: (v: string, r) => (
        <Space size={6}>
          {v}
          {r.isDefault && <Tag color="blue">默认</Tag>}
        </Space>
      ),
    },
    { title: '开户支行', dataIndex: 'branch', key: 'branch', width: 160, ellipsis: true },
    { title: '账户名称', dataIndex: 'accountName', key: 'accountName', width: 200, ellipsis: true },
    { title: '银行账号', dataIndex: 'accountMasked', key: 'accountMasked', width: 190 },
    { title: '代发文件格式', dataIndex: 'layoutLabel', key: 'layoutLabel', width: 160, render: (v: string, r) => `${v}（${BANK_LAYOUT_SPECS[r.layout].fileType}）` },
    { title: '状态', dataIndex: 'enabled', key: 'enabled', width: 100, render: (v: boolean) => <StatusTag tone={v ? 'success' : 'default'}>{v ? '启用' : '停用'}</StatusTag> },
        {
      title: '操作',
      key: 'actions',
      width: 220,
      fixed: 'right',
      render: (_: unknown, r) =>
        canEdit && (
          <Space size={0}>
            <Button type="link" size="small" className="pay-edit" onClick={() => setEditing(r)}>
              编辑
            </Button>
            {!r.isDefault && r.enabled && (
              <Button type="link" size="small" className="pay-default" onClick={() => void setDefault.run(r)}>
                设为默认
              </Button>
            )}
            <Button type="link" size="small" onClick={() => void enable.run(r, !r.enabled)}>
              {r.enabled ? '停用' : '启用'}
            </Button>
            <Button type="link" size="small" danger onClick={() => confirmDelete(modal, () => remove.run(r), `删除付款账户 ${r.bankName} ${r.accountMasked}？`)}>
              删除
            </Button>
          </Space>
        ),
    },
  ];

  const current = editing && editing !== 'new' ? editing : null;
  return (
    <div className="pay-config">
      <PageHeader
        title="支付配置"
        description="企业发放工资的付款账户，以及各账户导出银行代发文件所用的格式。导出工资表的银行代发文件时默认使用默认付款账户的格式。"
        extra={
          canEdit && (
            <Button type="primary" icon={<PlusOutlined />} className="pay-add" onClick={() => setEditing('new')}>
              新增付款账户
            </Button>
          )
        }
      />
      <Panel title="付款账户" bodyStyle={{ paddingTop: 0 }}>
        <Table rowKey="id" columns={columns} dataSource={accounts.data ?? []} loading={accounts.isLoading} pagination={false} scroll={{ x: 1150 }} locale={{ emptyText: <Empty description="暂无付款账户，点击新增付款账户" /> }} />
      </Panel>
      <Panel title="代发文件格式">
        <Table
          rowKey="key"
          size="small"
          pagination={false}
          dataSource={BANK_FILE_LAYOUTS.map((l) => BANK_LAYOUT_SPECS[l.key])}
          columns={[
            { title: '格式', dataIndex: 'label', key: 'label', width: 110 },
            { title: '文件类型', dataIndex: 'fileType', key: 'fileType', width: 120, render: (v: keyof typeof FILE_TYPE) => FILE_TYPE[v] },
            { title: '编码', key: 'encoding', width: 90, render: (_: unknown, s) => (s.fileType === 'xlsx' ? '—' : s.encoding) },
            { title: '列（按顺序）', key: 'columns', render: (_: unknown, s) => s.columns.map((c) => c.header).join(' / ') },
            { title: '金额', key: 'amount', width: 120, render: () => '元，两位小数' },
            { title: '说明', dataIndex: 'note', key: 'note' },
          ]}
        />
      </Panel>
      <FormDrawer<AccountForm>
        title={current ? '编辑付款账户' : '新增付款账户'}
        open={editing !== null}
        onClose={() => setEditing(null)}
        okClassName="pay-save"
        values={current ? { bankName: current.bankName, branch: current.branch, accountName: current.accountName, layout: current.layout, isDefault: current.isDefault, enabled: current.enabled } : { layout: 'generic', isDefault: false, enabled: true }}
        onSubmit={(v) => save.run(v)}
      >
        <Form.Item name="bankName" label="开户银行" rules={[{ required: true, whitespace: true, message: '请填写开户银行' }]}>
          <AutoComplete id="pay-bank" options={COMMON_BANKS.map((b) => ({ value: b }))} placeholder="如 招商银行" filterOption={(input, o) => String(o?.value ?? '').includes(input)} />
        </Form.Item>
        <Form.Item name="branch" label="开户支行" rules={[{ required: true, whitespace: true, message: '请填写开户支行' }]}>
          <Input id="pay-branch" placeholder="如 杭州高新支行" />
        </Form.Item>
        <Form.Item name="accountName" label="账户名称" rules={[{ required: true, whitespace: true, message: '请填写账户名称' }]}>
          <Input id="pay-account-name" placeholder="企业全称" />
        </Form.Item>
        <Form.Item
          name="accountNumber"
          label="银行账号"
          extra={current ? `当前 ${current.accountMasked}，留空则不修改` : undefined}
          rules={[{ required: !current, message: '请填写银行账号' }, { pattern: /^[\d\s-]{8,40}$/, message: '银行账号应为8-32位数字' }]}
        >
          <Input id="pay-account-number" placeholder="对公账号" autoComplete="off" />
        </Form.Item>
        <Form.Item name="layout" label="代发文件格式" rules={[{ required: true, message: '请选择代发文件格式' }]}>
          <Radio.Group className="pay-layout" options={BANK_FILE_LAYOUTS.map((l) => ({ value: l.key, label: l.label }))} />
        </Form.Item>
        <Form.Item noStyle shouldUpdate={(a: AccountForm, b: AccountForm) => a.layout !== b.layout}>
          {({ getFieldValue }) => {
            const spec = BANK_LAYOUT_SPECS[(getFieldValue('layout') as BankFileLayoutKey) ?? 'generic'];
            return (
              <Descriptions size="small" column={1} bordered style={{ marginBottom: 16 }}>
                <Descriptions.Item label="文件">{`${FILE_TYPE[spec.fileType]}，${spec.encoding}`}</Descriptions.Item>
                <Descriptions.Item label="列">{spec.columns.map((c) => c.header).join(' / ')}</Descriptions.Item>
                <Descriptions.Item label="说明">
                  <Typography.Text type="secondary">{spec.note}</Typography.Text>
                </Descriptions.Item>
              </Descriptions>
            );
          }}
        </Form.Item>
        <Space size={32}>
          <Form.Item name="isDefault" label="设为默认" valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name="enabled" label="启用" valuePropName="checked">
            <Switch />
          </Form.Item>
        </Space>
      </FormDrawer>
    </div>
  );
}
