import {
  DEPOSIT_STATUSES,
  LEDGER_TYPES,
  PAYOUT_STATUSES,
  type CustodySummary,
  type DepositRow,
  type LedgerRow,
  type LedgerType,
  type PayoutRow,
} from '@wfsaas/contracts';
import { PayeeDetails } from '../PayeeDetails.tsx';
import { App, Button, DatePicker, Descriptions, Flex, Form, Image, Input, Select, Space, Tabs, Tooltip, type TableColumnsType } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useCanOpen, usePermissions } from '../../../app/routing/PermissionContext.ts';
import { formatDate, formatDateTime, formatMoney } from '../../../app/ui/format.ts';
import { FormModal } from '../../../app/ui/FormOverlay.tsx';
import { int, oneOf, range, day, type FiltersOf } from '../../../app/ui/list-query.ts';
import { ListTable } from '../../../app/ui/ListTable.tsx';
import { PageHeader } from '../../../app/ui/PageHeader.tsx';
import { Panel } from '../../../app/ui/Panel.tsx';
import { QueryForm } from '../../../app/ui/QueryForm.tsx';
import { StatusTag } from '../../../app/ui/StatusTag.tsx';
import { useAction } from '../../../app/ui/use-action.ts';
import { useListQuery } from '../../../app/ui/use-list-query.ts';
import {
  CUSTODY_PERMISSIONS as P,
  custodyCalls,
  useCustodySummary,
  useDepositPage,
  useInvalidateCustody,
  useLedgerPage,
  usePayoutPage,
} from './custody.api.ts';
import { DepositModal, StartPayoutModal } from './CustodyDialogs.tsx';
import { billStatusText, covers, depositTone, fundingText, payoutActions, payoutTone, signedMoney } from './custody-format.ts';

/** /fiduciaryaccount (托管账户): the balance, its ledger, deposits awaiting the platform, and wage payouts paid from the balance. */

const TABS = ['ledger', 'deposits', 'payouts'] as const;
type Tab = (typeof TABS)[number];
const TAB_SCHEMA = { tab: oneOf(TABS) };
const LEDGER_SCHEMA = { type: oneOf(LEDGER_TYPES.map((t) => t.value) as LedgerType[]), at: range(day) };
const STATUS_SCHEMA = { status: int };
const NO_DEFAULTS = {};
const money = (v: string) => <span className="money">{formatMoney(v)}</span>;

export default function FiduciaryAccountPage() {
  const { map } = usePermissions();
  const canEdit = map[P.edit] === true;
  const summary = useCustodySummary();
  const [search, setSearch] = useSearchParams();
  const tab: Tab = TAB_SCHEMA.tab.parse(search.get('tab') ?? '') ?? 'ledger';
  const [depositing, setDepositing] = useState(false);
  const [starting, setStarting] = useState(false);
  const s = summary.data;
  return (
    <Flex vertical gap={16} className="fiduciary-account-page">
      <PageHeader
        title="托管账户"
        description="企业存放在平台的资金：充值经平台核对银行流水后到账，可用于支付工资代发等平台账单。"
        extra={
          canEdit && (
            <>
              <Button className="deposit-add" onClick={() => setDepositing(true)}>
                登记充值
              </Button>
              <Button type="primary" className="payout-add" onClick={() => setStarting(true)}>
                发起工资发放
              </Button>
            </>
          )
        }
      />
      <SummaryPanel summary={s} loading={summary.isLoading} />
      <Panel bodyStyle={{ paddingTop: 8 }}>
        <Tabs
          activeKey={tab}
          onChange={(k) => setSearch({ tab: k }, { replace: true })}
          items={[
            { key: 'ledger', label: '账户流水', children: tab === 'ledger' && <LedgerList /> },
            { key: 'deposits', label: '充值记录', children: tab === 'deposits' && <DepositList /> },
            { key: 'payouts', label: '工资发放', children: tab === 'payouts' && <PayoutList balance={s?.balance ?? null} /> },
          ]}
        />
      </Panel>
      <DepositModal open={depositing} summary={s} onClose={() => setDepositing(false)} />
      <StartPayoutModal open={starting} onClose={() => setStarting(false)} onStarted={() => setSearch({ tab: 'payouts' }, { replace: true })} />
    </Flex>
  );
}

function Figure({ label, value, hint, strong }: { label: string; value: string | undefined; hint?: string; strong?: boolean }) {
  return (
    <div style={{ minWidth: 180 }}>
      <div style={{ color: 'rgba(0,0,0,0.45)' }}>
        {hint ? (
          <Tooltip title={hint}>
            <span style={{ borderBottom: '1px dashed #bfbfbf', cursor: 'help' }}>{label}</span>
          </Tooltip>
        ) : (
          label
        )}
      </div>
      <div className="money" style={{ fontSize: strong ? 28 : 20, fontWeight: 600, marginTop: 4 }}>
        {value === undefined ? '—' : formatMoney(value)}
      </div>
    </div>
  );
}

function SummaryPanel({ summary: s, loading }: { summary: CustodySummary | undefined; loading: boolean }) {
  return (
    <Panel className="custody-summary">
      <Flex gap={48} wrap align="flex-start" style={{ opacity: loading ? 0.5 : 1 }}>
        <Figure label="可用余额" value={s?.balance} strong hint="托管资金：已确认到账的充值减去已支付的账单" />
        <Figure label="在途充值" value={s?.inTransit} hint="已登记、待平台核对银行流水的充值" />
        <Figure label="待发工资" value={s?.reserved} hint="已支付、尚未交付代发的工资" />
        <Figure label="累计代发工资" value={s?.paidOut} />
        <Figure label="累计平台服务费" value={s?.fees} />
      </Flex>
      {s && (
        <div style={{ marginTop: 24 }}>
          <PayeeDetails payee={s.receivingAccount} title="平台收款账户（充值请转账至此账户，并在转账附言中注明企业名称）" extra={<Descriptions.Item label="托管账户编号">{s.accountNo}</Descriptions.Item>} />
        </div>
      )}
    </Panel>
  );
}

function LedgerList() {
  const query = useListQuery({ name: 'custody-ledger', schema: LEDGER_SCHEMA, defaults: NO_DEFAULTS, prefix: 'l' });
  const { at, ...rest } = query.params as typeof query.params & { at?: [Dayjs | null, Dayjs | null] };
  const list = useLedgerPage({ ...rest, from: at?.[0]?.format('YYYY-MM-DD'), to: at?.[1]?.format('YYYY-MM-DD') });
  const columns: TableColumnsType<LedgerRow> = [
    { title: '时间', dataIndex: 'at', width: 150, render: formatDateTime },
    { title: '交易类型', dataIndex: 'typeLabel', width: 170 },
    { title: '摘要', dataIndex: 'memo', ellipsis: true },
    {
      title: '托管资金变动',
      dataIndex: 'change',
      width: 140,
      align: 'right',
      render: (v: string) => <span className="money" style={{ color: v.startsWith('-') ? '#cf1322' : v === '0.00' ? undefined : '#389e0d' }}>{signedMoney(v, formatMoney)}</span>,
    },
    { title: '余额', dataIndex: 'balanceAfter', width: 140, align: 'right', render: money },
    {
      title: '分录',
      key: 'postings',
      width: 300,
      render: (_: unknown, r) => (
        <Space size={[8, 0]} wrap style={{ fontSize: 12, color: 'rgba(0,0,0,0.65)' }}>
          {r.postings.map((p, i) => (
            <span key={i}>
              {p.accountLabel} {signedMoney(p.amount, formatMoney)}
            </span>
          ))}
        </Space>
      ),
    },
  ];
  return (
    <>
      <QueryForm<FiltersOf<typeof LEDGER_SCHEMA>> name="ledger-query" values={query.filters} onSearch={query.search}>
        <Form.Item name="type" label="交易类型">
          <Select allowClear placeholder="全部" options={LEDGER_TYPES.map((t) => ({ value: t.value, label: t.label }))} />
        </Form.Item>
        <Form.Item name="at" label="日期">
          <DatePicker.RangePicker allowEmpty={[true, true]} style={{ width: '100%' }} />
        </Form.Item>
      </QueryForm>
      <ListTable<LedgerRow, typeof LEDGER_SCHEMA> rowKey="id" className="ledger-table" query={query} columns={columns} result={list} empty="暂无流水" scroll={{ x: 1100 }} />
    </>
  );
}

function DepositList() {
  const query = useListQuery({ name: 'custody-deposits', schema: STATUS_SCHEMA, defaults: NO_DEFAULTS, prefix: 'd' });
  const list = useDepositPage(query.params);
  const [proof, setProof] = useState<string | null>(null);
  const open = async (fileId: string) => setProof(await custodyCalls.proofUrl(fileId));
  const columns: TableColumnsType<DepositRow> = [
    { title: '流水号', dataIndex: 'reference', width: 180 },
    { title: '充值金额', dataIndex: 'amount', width: 140, align: 'right', render: money },
    { title: '付款账户名', dataIndex: 'payerName', width: 200, ellipsis: true },
    { title: '转账日期', dataIndex: 'transferDate', width: 110, render: formatDate },
    { title: '状态', dataIndex: 'status', width: 100, render: (v: number, r) => <StatusTag tone={depositTone(v)}>{r.statusLabel}</StatusTag> },
    { title: '驳回原因', dataIndex: 'rejectReason', ellipsis: true, render: (v: string | null) => v ?? '—' },
    { title: '登记时间', dataIndex: 'createdAt', width: 150, render: formatDateTime },
    { title: '处理时间', dataIndex: 'decidedAt', width: 150, render: formatDateTime },
    {
      title: '转账凭证',
      key: 'proof',
      width: 90,
      fixed: 'right',
      render: (_: unknown, r) =>
        r.proofFileId ? (
          <Button type="link" size="small" onClick={() => void open(r.proofFileId!)}>
            查看
          </Button>
        ) : (
          '—'
        ),
    },
  ];
  return (
    <>
      <QueryForm<FiltersOf<typeof STATUS_SCHEMA>> name="deposit-query" values={query.filters} onSearch={query.search}>
        <Form.Item name="status" label="状态">
          <Select allowClear placeholder="全部" options={DEPOSIT_STATUSES.map((s) => ({ value: s.value, label: s.label }))} />
        </Form.Item>
      </QueryForm>
      <ListTable<DepositRow, typeof STATUS_SCHEMA> rowKey="id" className="deposit-table" query={query} columns={columns} result={list} empty="暂无充值记录" scroll={{ x: 1200 }} />
      {proof && <Image style={{ display: 'none' }} src={proof} preview={{ open: true, onOpenChange: (v) => !v && setProof(null) }} />}
    </>
  );
}

function PayoutList({ balance }: { balance: string | null }) {
  const { modal } = App.useApp();
  const { map } = usePermissions();
  const canOpen = useCanOpen();
  const canEdit = map[P.edit] === true;
  const canDetail = canOpen('salaryDetails');
  const query = useListQuery({ name: 'custody-payouts', schema: STATUS_SCHEMA, defaults: NO_DEFAULTS, prefix: 'p' });
  const list = usePayoutPage(query.params);
  const invalidate = useInvalidateCustody();
  const confirm = useAction(custodyCalls.confirmPayout, { success: '账单已确认，可以付款', invalidate });
  const pay = useAction(custodyCalls.payPayout, { success: '已用托管账户余额支付，工资交付代发', invalidate });
  const cancel = useAction(custodyCalls.cancelPayout, { success: '发放单已取消', invalidate, onSuccess: () => setCancelling(null) });
  const [cancelling, setCancelling] = useState<PayoutRow | null>(null);
  const askPay = (p: PayoutRow) =>
    modal.confirm({
      title: '托管账户余额支付',
      content: (
        <div>
          <p style={{ margin: '8px 0' }}>
            支付发放单 {p.payoutNo}（{p.month} {p.groupName}，{p.headcount}人）：实发工资 {formatMoney(p.wages)} + 代发服务费 {formatMoney(p.fee)}，合计 <strong>{formatMoney(p.total)}</strong>。
          </p>
          <p style={{ margin: 0, color: balance !== null && !covers(balance, p.total) ? '#cf1322' : 'rgba(0,0,0,0.65)' }}>当前可用余额 {formatMoney(balance)}</p>
        </div>
      ),
      okText: '确认支付',
      cancelText: '取消',
      onOk: () => pay.run(p.id),
    });
  const columns: TableColumnsType<PayoutRow> = [
    {
      title: '发放单号',
      dataIndex: 'payoutNo',
      width: 150,
      fixed: 'left',
      render: (v: string, r) => (canDetail ? <Link to={`/tradeInformation/salaryDetails/${r.id}`}>{v}</Link> : v),
    },
    { title: '工资月份', dataIndex: 'month', width: 90 },
    { title: '薪资组', dataIndex: 'groupName', width: 140, ellipsis: true },
    { title: '人数', dataIndex: 'headcount', width: 70, align: 'right' },
    { title: '实发工资', dataIndex: 'wages', width: 130, align: 'right', render: money },
    { title: '代发服务费', dataIndex: 'fee', width: 110, align: 'right', render: money },
    { title: '合计', dataIndex: 'total', width: 130, align: 'right', render: (v: string) => <strong className="money">{formatMoney(v)}</strong> },
    { title: '状态', dataIndex: 'status', width: 90, render: (v: number, r) => <StatusTag tone={payoutTone(v)}>{r.statusLabel}</StatusTag> },
    { title: '账单', key: 'bill', width: 190, render: (_: unknown, r) => (r.billNo ? `${r.billNo}（${billStatusText(r.billStatus)}）` : '—') },
    { title: '支付与代发', key: 'funding', width: 220, ellipsis: true, render: (_: unknown, r) => (r.status === 3 ? `已取消：${r.cancelReason ?? ''}` : fundingText(r)) },
    { title: '发起时间', dataIndex: 'createdAt', width: 150, render: formatDateTime },
    {
      title: '操作',
      key: 'actions',
      width: 200,
      fixed: 'right',
      render: (_: unknown, r) => {
        const can = payoutActions(r);
        return (
          <Space size={4} wrap={false}>
            {canDetail && (
              <Link to={`/tradeInformation/salaryDetails/${r.id}`} style={{ padding: '0 7px' }}>
                明细
              </Link>
            )}
            {canEdit && can.confirm && (
              <Button type="link" size="small" className="payout-confirm" loading={confirm.pendingArgs?.[0] === r.id} onClick={() => void confirm.run(r.id)}>
                确认账单
              </Button>
            )}
            {canEdit && can.pay && (
              <Button type="link" size="small" className="payout-pay" loading={pay.pendingArgs?.[0] === r.id} onClick={() => askPay(r)}>
                余额支付
              </Button>
            )}
            {canEdit && can.cancel && (
              <Button type="link" size="small" danger className="payout-cancel" onClick={() => setCancelling(r)}>
                取消
              </Button>
            )}
          </Space>
        );
      },
    },
  ];
  return (
    <>
      <QueryForm<FiltersOf<typeof STATUS_SCHEMA>> name="payout-query" values={query.filters} onSearch={query.search}>
        <Form.Item name="status" label="状态">
          <Select allowClear placeholder="全部" options={PAYOUT_STATUSES.map((s) => ({ value: s.value, label: s.label }))} />
        </Form.Item>
      </QueryForm>
      <ListTable<PayoutRow, typeof STATUS_SCHEMA> rowKey="id" className="payout-table" query={query} columns={columns} result={list} empty="暂无工资发放" scroll={{ x: 1700 }} />
      <FormModal<{ reason: string }> title={`取消发放单 ${cancelling?.payoutNo ?? ''}`} open={cancelling !== null} onClose={() => setCancelling(null)} okText="确认取消" okDanger onSubmit={(v) => cancel.run(cancelling!.id, v.reason)}>
        <p style={{ marginTop: 0 }}>取消后其代发账单将暂停，该工资表可重新发起发放。</p>
        <Form.Item name="reason" label="取消原因" rules={[{ required: true, whitespace: true, message: '请填写取消原因' }, { max: 200, message: '取消原因不能超过200个字符' }]}>
          <Input.TextArea rows={3} maxLength={200} showCount />
        </Form.Item>
      </FormModal>
    </>
  );
}
