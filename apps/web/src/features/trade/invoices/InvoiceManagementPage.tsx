import { FileTextOutlined, PlusOutlined } from '@ant-design/icons';
import { INVOICE_EDIT, INVOICE_TYPES, taxNoRefusal, type InvoiceableBill, type InvoiceRequestInput, type InvoiceRequestView, type InvoiceTitleSave, type InvoiceTitleView } from '@wfsaas/contracts';
import { Alert, App, Button, Drawer, Empty, Flex, Form, Input, List, Radio, Select, Space, Switch, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { usePermissions } from '../../../app/routing/PermissionContext.ts';
import { confirmDelete } from '../../../app/ui/confirm-delete.ts';
import { EMPTY_TEXT, formatDate, formatDateTime, formatMoney } from '../../../app/ui/format.ts';
import { FormDrawer, FormModal } from '../../../app/ui/FormOverlay.tsx';
import { oneOf } from '../../../app/ui/list-query.ts';
import { ListScreen } from '../../../app/ui/ListScreen.tsx';
import { StatusTag } from '../../../app/ui/StatusTag.tsx';
import { useAction } from '../../../app/ui/use-action.ts';
import { useListQuery } from '../../../app/ui/use-list-query.ts';
import { invoiceStatusTone, missingForSpecial, sumAmounts } from './invoice-format.ts';
import { invoiceCalls, useInvalidateInvoices, useInvoiceableBills, useInvoicePage, useInvoiceTitles } from './invoices.api.ts';

const TABS = [
  { key: 'all', label: '全部' },
  { key: '1', label: '待开票' },
  { key: '2', label: '已开票' },
  { key: '3', label: '已驳回' },
  { key: '4', label: '已撤回' },
] as const;
const SCHEMA = { tab: oneOf(TABS.map((t) => t.key)) };

/** /invoiceManagement (发票管理): invoice titles, and invoice requests against the platform bills the company has paid. */
export default function InvoiceManagementPage() {
  const { modal } = App.useApp();
  const { map } = usePermissions();
  const canEdit = map[INVOICE_EDIT] === true;
  const query = useListQuery({ name: 'invoices', schema: SCHEMA, defaults: { tab: 'all' } });
  const tab = query.filters.tab;
  const page = useInvoicePage({ ...query.page, status: !tab || tab === 'all' ? undefined : Number(tab) });
  const invalidate = useInvalidateInvoices();
  const [requesting, setRequesting] = useState(false);
  const [titlesOpen, setTitlesOpen] = useState(false);
  const withdraw = useAction((r: InvoiceRequestView) => invoiceCalls.withdraw(r.id), { success: '已撤回', invalidate });
  const download = useAction((r: InvoiceRequestView) => invoiceCalls.download(r));

  const columns: TableColumnsType<InvoiceRequestView> = [
    { title: '申请编号', dataIndex: 'requestNo', key: 'requestNo', width: 150, fixed: 'left' },
    {
      title: '状态',
      dataIndex: 'status',
      key: 'status',
      width: 150,
      render: (v: number, r) => (
        <Flex vertical gap={2}>
          <StatusTag tone={invoiceStatusTone(v)}>{r.statusLabel}</StatusTag>
          {r.rejectReason && <Typography.Text type="danger" style={{ fontSize: 12 }}>{r.rejectReason}</Typography.Text>}
        </Flex>
      ),
    },
    { title: '发票号码', dataIndex: 'invoiceNo', key: 'invoiceNo', width: 190, render: (v: string | null, r) => (v ? `${v}（${formatDate(r.invoiceDate)}）` : EMPTY_TEXT) },
    { title: '发票类型', dataIndex: 'typeLabel', key: 'typeLabel', width: 130 },
    { title: '发票抬头', dataIndex: 'titleName', key: 'titleName', width: 200, ellipsis: true },
    { title: '开票金额', dataIndex: 'amount', key: 'amount', width: 130, align: 'right', render: (v: string) => <span className="money">{formatMoney(v)}</span> },
    { title: '账单', key: 'bills', width: 200, render: (_: unknown, r) => r.bills.map((b) => b.billNo).join('、') || EMPTY_TEXT },
    { title: '接收邮箱', dataIndex: 'email', key: 'email', width: 190, ellipsis: true },
    { title: '申请时间', dataIndex: 'createdAt', key: 'createdAt', width: 160, render: (v: string) => formatDateTime(v) },
    {
      title: '操作',
      key: 'actions',
      width: 120,
      fixed: 'right',
      render: (_: unknown, r) => (
        <Space size={0}>
          {r.hasFile && (
            <Button type="link" size="small" className="invoice-download" loading={download.pendingArgs?.[0] === r} onClick={() => void download.run(r)}>
              下载发票
            </Button>
          )}
          {canEdit && r.status === 1 && (
            <Button type="link" size="small" className="invoice-withdraw" onClick={() => modal.confirm({ title: '撤回开票申请？', content: `撤回后账单可以重新申请开票（${r.requestNo}，${formatMoney(r.amount)}）。`, okText: '撤回', cancelText: '取消', onOk: () => withdraw.run(r) })}>
              撤回
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <ListScreen<InvoiceRequestView, typeof SCHEMA>
      className="invoice-page"
      title="发票管理"
      description="已付款的平台账单可以申请开具发票：选择一张或多张账单、发票抬头与类型，平台开票后可在此下载电子发票。"
      extra={
        <Space>
          <Button icon={<FileTextOutlined />} className="invoice-titles" onClick={() => setTitlesOpen(true)}>
            发票抬头
          </Button>
          {canEdit && (
            <Button type="primary" icon={<PlusOutlined />} className="invoice-request" onClick={() => setRequesting(true)}>
              申请开票
            </Button>
          )}
        </Space>
      }
      query={query}
      tabs={{ filter: 'tab', items: TABS, className: 'invoice-tabs' }}
      table={{
        rowKey: 'id',
        className: 'invoice-table',
        columns,
        result: page,
        scroll: { x: 1700 },
        empty: canEdit ? '暂无开票申请，账单付款后点击申请开票' : '暂无开票申请',
      }}
    >
      <RequestDrawer open={requesting} onClose={() => setRequesting(false)} onOpenTitles={() => setTitlesOpen(true)} />
      <TitlesDrawer open={titlesOpen} canEdit={canEdit} onClose={() => setTitlesOpen(false)} />
    </ListScreen>
  );
}

type RequestValues = Omit<InvoiceRequestInput, 'billIds'>;

function RequestDrawer({ open, onClose, onOpenTitles }: { open: boolean; onClose: () => void; onOpenTitles: () => void }) {
  const bills = useInvoiceableBills(open);
  const titles = useInvoiceTitles();
  const invalidate = useInvalidateInvoices();
  const [selected, setSelected] = useState<number[]>([]);
  const [form] = Form.useForm<RequestValues>();
  const titleId = Form.useWatch('titleId', form);
  const type = Form.useWatch('type', form);
  const close = () => {
    setSelected([]);
    onClose();
  };
  const submit = useAction((v: RequestValues) => invoiceCalls.request({ ...v, billIds: selected }), { success: '已提交开票申请', invalidate, onSuccess: close });
  const rows = bills.data ?? [];
  const total = sumAmounts(rows.filter((b) => selected.includes(b.id)).map((b) => b.amount));
  const title = titles.data?.find((t) => t.id === titleId);
  const missing = type === 2 && title ? missingForSpecial(title) : [];
  const defaultTitle = titles.data?.find((t) => t.isDefault);
  const billColumns: TableColumnsType<InvoiceableBill> = [
    { title: '账单编号', dataIndex: 'billNo', width: 150 },
    { title: '账单', dataIndex: 'title', ellipsis: true },
    { title: '月份', dataIndex: 'month', width: 90, render: (v: string | null) => v ?? EMPTY_TEXT },
    { title: '金额', dataIndex: 'amount', width: 120, align: 'right', render: (v: string) => formatMoney(v) },
  ];
  return (
    <FormDrawer<RequestValues>
      title="申请开票"
      open={open}
      onClose={close}
      form={form}
      width={720}
      values={{ type: 1, titleId: defaultTitle?.id }}
      onSubmit={(v) => submit.run(v)}
      okText="提交申请"
      okClassName="invoice-submit"
      okDisabled={selected.length === 0 || missing.length > 0}
    >
      <Form.Item label={`选择账单（已选 ${selected.length} 张，合计 ${formatMoney(total)}）`} required>
        <Table<InvoiceableBill>
          rowKey="id"
          size="small"
          className="invoice-bill-table"
          columns={billColumns}
          dataSource={rows}
          loading={bills.isFetching}
          pagination={false}
          scroll={{ y: 260 }}
          rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(Number)) }}
          locale={{ emptyText: <Empty description="暂无可开票的账单（账单付款后才能申请开票）" /> }}
        />
      </Form.Item>
      <Form.Item name="titleId" label="发票抬头" rules={[{ required: true, message: '请选择发票抬头' }]} extra={<a onClick={onOpenTitles}>管理发票抬头</a>}>
        <Select placeholder="请选择" options={(titles.data ?? []).map((t) => ({ value: t.id, label: `${t.name}（${t.taxNo}）${t.isDefault ? ' · 默认' : ''}` }))} />
      </Form.Item>
      <Form.Item name="type" label="发票类型" rules={[{ required: true, message: '请选择发票类型' }]}>
        <Radio.Group options={INVOICE_TYPES.map((t) => ({ value: t.value, label: t.label }))} />
      </Form.Item>
      {missing.length > 0 && <Alert type="warning" showIcon style={{ marginBottom: 16 }} title={`开具增值税专用发票须填写发票抬头的${missing.join('、')}，请先完善抬头`} />}
      <Form.Item name="email" label="接收邮箱" rules={[{ required: true, message: '请输入接收邮箱' }, { type: 'email', message: '接收邮箱格式不正确' }]}>
        <Input maxLength={100} placeholder="开票后电子发票发送到此邮箱" />
      </Form.Item>
    </FormDrawer>
  );
}

type TitleValues = Omit<InvoiceTitleSave, 'id'>;

function TitlesDrawer({ open, canEdit, onClose }: { open: boolean; canEdit: boolean; onClose: () => void }) {
  const { modal } = App.useApp();
  const titles = useInvoiceTitles();
  const invalidate = useInvalidateInvoices();
  const [editing, setEditing] = useState<InvoiceTitleView | 'new' | null>(null);
  const current = editing !== 'new' ? editing : null;
  const save = useAction((v: TitleValues) => invoiceCalls.saveTitle({ ...v, id: current?.id }), { success: '保存成功', invalidate, onSuccess: () => setEditing(null) });
  const setDefault = useAction((t: InvoiceTitleView) => invoiceCalls.setDefault(t.id), { success: '已设为默认', invalidate });
  const remove = useAction((t: InvoiceTitleView) => invoiceCalls.removeTitle(t.id), { success: '已删除', invalidate });
  return (
    <Drawer
      title="发票抬头"
      open={open}
      onClose={onClose}
      size={560}
      className="invoice-titles-drawer"
      extra={
        canEdit && (
          <Button type="primary" icon={<PlusOutlined />} className="invoice-title-add" onClick={() => setEditing('new')}>
            新增抬头
          </Button>
        )
      }
    >
      <List
        dataSource={titles.data ?? []}
        loading={titles.isFetching}
        locale={{ emptyText: <Empty description="暂无发票抬头" /> }}
        renderItem={(t) => (
          <List.Item
            actions={
              canEdit
                ? [
                    <Button key="edit" type="link" size="small" onClick={() => setEditing(t)}>
                      编辑
                    </Button>,
                    ...(t.isDefault
                      ? []
                      : [
                          <Button key="default" type="link" size="small" onClick={() => void setDefault.run(t)}>
                            设为默认
                          </Button>,
                        ]),
                    <Button key="remove" type="link" size="small" danger onClick={() => confirmDelete(modal, () => remove.run(t), `删除抬头「${t.name}」？已提交的申请不受影响。`)}>
                      删除
                    </Button>,
                  ]
                : []
            }
          >
            <List.Item.Meta
              title={
                <Space>
                  {t.name}
                  {t.isDefault && <Tag color="blue">默认</Tag>}
                </Space>
              }
              description={
                <div style={{ fontSize: 12 }}>
                  <div>纳税人识别号：{t.taxNo}</div>
                  <div>
                    {t.address || '（未填地址）'} {t.phone}
                  </div>
                  <div>
                    {t.bank || '（未填开户银行）'} {t.account}
                  </div>
                </div>
              }
            />
          </List.Item>
        )}
      />
      <FormModal<TitleValues>
        title={current ? '编辑发票抬头' : '新增发票抬头'}
        open={editing !== null}
        onClose={() => setEditing(null)}
        values={current ?? { isDefault: (titles.data ?? []).length === 0 }}
        onSubmit={(v) => save.run(v)}
        okClassName="invoice-title-save"
        width={560}
      >
        <Form.Item name="name" label="抬头名称" rules={[{ required: true, whitespace: true, message: '请输入抬头名称' }]}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="taxNo" label="纳税人识别号" rules={[{ required: true, message: '请输入纳税人识别号' }, { validator: async (_r, v: string) => { const m = v ? taxNoRefusal(v) : null; if (m) throw new Error(m); } }]}>
          <Input maxLength={20} placeholder="统一社会信用代码（18位）或15/17/20位税号" />
        </Form.Item>
        <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
          以下信息开具增值税专用发票时必填。
        </Typography.Paragraph>
        <Form.Item name="address" label="注册地址">
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item name="phone" label="注册电话">
          <Input maxLength={30} />
        </Form.Item>
        <Form.Item name="bank" label="开户银行">
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="account" label="银行账号">
          <Input maxLength={40} />
        </Form.Item>
        <Form.Item name="isDefault" label="设为默认抬头" valuePropName="checked">
          <Switch />
        </Form.Item>
      </FormModal>
    </Drawer>
  );
}
