import { BILL_TYPE_FILTERS, type BillAction, type PlatformBillDetail, type PlatformBillRow } from '@wfsaas/contracts';
import { App, Button, DatePicker, Form, Input, Select, Space, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { usePermissions } from '../../../app/routing/PermissionContext.ts';
import { formatDate, formatDateTime, formatMoney } from '../../../app/ui/format.ts';
import { FilePick } from '../../../app/ui/FilePick.tsx';
import { FormModal } from '../../../app/ui/FormOverlay.tsx';
import { int, month, text } from '../../../app/ui/list-query.ts';
import { ListScreen } from '../../../app/ui/ListScreen.tsx';
import { StatusTag } from '../../../app/ui/StatusTag.tsx';
import { useAction } from '../../../app/ui/use-action.ts';
import { useListQuery } from '../../../app/ui/use-list-query.ts';
import { BillDrawer } from './BillDrawer.tsx';
import { PayeeDetails } from '../PayeeDetails.tsx';
import { billCalls, useBillDetail, useBillPage, useBillStatusCounts, useInvalidateBills, usePayee } from './bills.api.ts';
import { billStatusLabel, billStatusTone, billTypeLabel, statusTabs } from './bill-format.ts';

const SCHEMA = { status: int, billType: int, month, billNo: text };
const DEFAULTS = { status: -1, billType: -1 };
type PayValues = { method: 'transfer' | 'online'; reference: string };

/** 账单管理: the platform's bills to this company — confirm, ask to unlock, pay, retry (docs/trade.md). */
export default function BillManagementPage() {
  const { modal } = App.useApp();
  const { map } = usePermissions();
  const canPay = map['billManagement.pay'] === true;
  const query = useListQuery({ name: 'bills', schema: SCHEMA, defaults: DEFAULTS });
  const f = query.filters;
  const common = { billType: f.billType ?? -1, month: f.month?.format('YYYY-MM'), billNo: f.billNo || undefined };
  const page = useBillPage({ ...query.page, ...common, status: f.status ?? -1 });
  const counts = useBillStatusCounts(common);
  const tabs = statusTabs(counts.data);
  const invalidate = useInvalidateBills();
  const [openId, setOpenId] = useState<number | null>(null);
  const detail = useBillDetail(openId);
  const [unlocking, setUnlocking] = useState<number | null>(null);
  const [paying, setPaying] = useState<PlatformBillRow | null>(null);
  const [proof, setProof] = useState<File | null>(null);

  const confirm = useAction(billCalls.confirm, { success: '账单已确认，请按期付款', invalidate });
  const unlock = useAction(billCalls.unlock, { success: '已申请解锁，账单将重新统计', invalidate, onSuccess: () => setUnlocking(null) });
  const retry = useAction(billCalls.retry, { success: '已提交重试', invalidate });
  const transfer = useAction(billCalls.payTransfer, { success: '转账凭证已提交，等待平台确认到账', invalidate, onSuccess: () => setPaying(null) });
  const online = useAction(billCalls.payOnline, { success: '支付成功', invalidate, onSuccess: () => setPaying(null) });

  const askConfirm = (b: Pick<PlatformBillRow, 'id' | 'title' | 'amount'>) =>
    modal.confirm({ title: '确认账单', content: `确认「${b.title}」金额 ${formatMoney(b.amount)} 无误？确认后进入待付款。`, okText: '确认', cancelText: '取消', onOk: () => confirm.run(b.id) });
  const showProof = async (p: PlatformBillDetail['payments'][number]) => {
    if (p.proofFileId) window.open(await billCalls.proofUrl(p.proofFileId), '_blank', 'noopener');
  };

  const buttons = (b: Pick<PlatformBillRow, 'id' | 'title' | 'amount' | 'status' | 'transferPending' | 'billNo' | 'billType' | 'kind' | 'month' | 'dueDate' | 'reason' | 'createdAt'>, actions: readonly BillAction[]) =>
    canPay && (
      <Space size={4} wrap={false}>
        {actions.includes('confirm') && <Button type="link" size="small" className="bill-confirm" loading={confirm.pendingArgs?.[0] === b.id} onClick={() => askConfirm(b)}>确认账单</Button>}
        {actions.includes('unlock') && <Button type="link" size="small" className="bill-unlock" onClick={() => setUnlocking(b.id)}>申请解锁</Button>}
        {actions.includes('submitTransfer') && !b.transferPending && <Button type="link" size="small" className="bill-pay" onClick={() => { setProof(null); setPaying(b as PlatformBillRow); }}>付款</Button>}
        {(actions.includes('retryGenerate') || actions.includes('retryUpdate')) && <Button type="link" size="small" className="bill-retry" loading={retry.pendingArgs?.[0] === b.id} onClick={() => void retry.run(b.id)}>重试</Button>}
      </Space>
    );
  const rowActions = (status: number): BillAction[] =>
    status === 2 ? ['confirm', 'unlock'] : status === 3 || status === 6 ? ['submitTransfer'] : status === 12 ? ['retryGenerate'] : status === 10 || status === 11 ? ['retryUpdate'] : [];

  const columns: TableColumnsType<PlatformBillRow> = [
    { title: '账单编号', dataIndex: 'billNo', width: 150, render: (v: string, r) => <a onClick={() => setOpenId(r.id)}>{v}</a> },
    { title: '账单名称', dataIndex: 'title', width: 200, ellipsis: true },
    { title: '状态', dataIndex: 'status', width: 130, render: (v: number, r) => <Space size={4}><StatusTag tone={billStatusTone(v)}>{billStatusLabel(v)}</StatusTag>{r.transferPending && <StatusTag tone="processing">待平台确认</StatusTag>}</Space> },
    { title: '类型', key: 'type', width: 120, render: (_: unknown, r) => billTypeLabel(r) },
    { title: '月份', dataIndex: 'month', width: 90, render: (v: string | null) => v ?? '—' },
    { title: '金额', dataIndex: 'amount', width: 120, align: 'right', render: (v: string) => <span className="money">{formatMoney(v)}</span> },
    { title: '付款截止日', dataIndex: 'dueDate', width: 110, render: (v: string | null) => formatDate(v) },
    { title: '生成时间', dataIndex: 'createdAt', width: 160, render: formatDateTime },
    { title: '操作', key: 'actions', width: 200, fixed: 'right', render: (_: unknown, r) => <Space size={4}><Button type="link" size="small" onClick={() => setOpenId(r.id)}>查看</Button>{buttons(r, rowActions(r.status))}</Space> },
  ];

  return (
    <ListScreen<PlatformBillRow, typeof SCHEMA>
      className="bill-management-page"
      title="账单管理"
      description="平台向本企业开具的月度结算账单与一次性账单：核对后确认，按期付款；账单有误可申请解锁重新统计。"
      query={query}
      formName="bills"
      fields={
        <>
          <Form.Item name="billType" label="账单类型">
            <Select style={{ width: 160 }} options={BILL_TYPE_FILTERS.map((t) => ({ value: t.value, label: t.label }))} />
          </Form.Item>
          <Form.Item name="month" label="账单月份">
            <DatePicker picker="month" allowClear />
          </Form.Item>
          <Form.Item name="billNo" label="账单编号">
            <Input allowClear placeholder="请输入账单编号" />
          </Form.Item>
        </>
      }
      tabs={{ filter: 'status', items: tabs.items, counts: tabs.counts, className: 'bill-status-tabs' }}
      table={{ rowKey: 'id', className: 'bill-table', columns, result: page, empty: '暂无账单', scroll: { x: 1420 } }}
    >
      <BillDrawer open={openId !== null} onClose={() => setOpenId(null)} bill={detail.data} loading={detail.isLoading} onProof={(p) => void showProof(p)} actions={detail.data ? buttons(detail.data, detail.data.actions) : null} />
      <FormModal<{ reason: string }> title="申请解锁" open={unlocking !== null} onClose={() => setUnlocking(null)} okText="提交" onSubmit={(v) => unlock.run(unlocking!, v.reason)} intro="请说明账单哪里有误，平台将重新统计后再次发送给您确认。">
        <Form.Item name="reason" label="解锁原因" rules={[{ required: true, whitespace: true, message: '请填写解锁原因' }, { max: 500 }]}>
          <Input.TextArea rows={3} placeholder="例如：短信条数与实际发送不符" />
        </Form.Item>
      </FormModal>
      <FormModal<PayValues>
        title={paying ? `付款：${paying.title}（${formatMoney(paying.amount)}）` : '付款'}
        open={paying !== null}
        onClose={() => setPaying(null)}
        okText="提交"
        values={{ method: 'transfer' }}
        onSubmit={(v) => (v.method === 'online' ? online.run(paying!.id) : proof ? transfer.run(paying!.id, v.reference, proof) : modal.warning({ title: '请上传付款凭证' }))}
      >
        <Form.Item name="method" label="付款方式">
          <Select options={[{ value: 'transfer', label: '银行转账' }, { value: 'online', label: '在线支付' }]} />
        </Form.Item>
        <Form.Item noStyle shouldUpdate={(a: PayValues, b: PayValues) => a.method !== b.method}>
          {({ getFieldValue }) =>
            getFieldValue('method') === 'transfer' && (
              <>
                <TransferAccount />
                <Form.Item name="reference" label="转账流水号" rules={[{ required: true, whitespace: true, message: '请填写转账流水号' }, { max: 64 }]}>
                  <Input placeholder="银行回单上的流水号" />
                </Form.Item>
                <Form.Item label="付款凭证" required>
                  <FilePick value={proof} onChange={setProof} accept=".jpg,.jpeg,.png">选择回单图片</FilePick>
                </Form.Item>
              </>
            )
          }
        </Form.Item>
      </FormModal>
    </ListScreen>
  );
}

/** The platform's receiving account, shown above the transfer's fields. */
function TransferAccount() {
  const payee = usePayee();
  return (
    <div className="bill-receiving-account" style={{ background: '#fafafa', padding: '8px 12px 0', marginBottom: 16, borderRadius: 6 }}>
      <PayeeDetails payee={payee.data} />
    </div>
  );
}
