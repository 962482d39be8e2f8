import { APPROVAL, BILL_STATUS, PLACEMENT_STATUS, type BillRow, type CustodyProviderView, type CustodyWorkerRow, type DismissRow, type OrderRow } from '@wfsaas/contracts';
import { App, Badge, Button, Empty, Flex, Input, Select, Space, Table, Tabs, Tag, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { usePermissions } from '../../app/routing/PermissionContext.ts';
import { EMPTY_TEXT, formatDate, formatDateTime, formatMoney } from '../../app/ui/format.ts';
import { StatusTag } from '../../app/ui/StatusTag.tsx';
import { useAction } from '../../app/ui/use-action.ts';
import { BillDrawer } from './BillDrawer.tsx';
import { ApproveRejectModal, DismissModal, OrderModal } from './CustodyDialogs.tsx';
import { custodyCalls, OS_PERMISSIONS as P, useCustodyBillDetail, useCustodyBills, useCustodyOrders, useCustodyWorkers, useInvalidateOs } from './os.api.ts';
import {
  approvalLabel,
  approvalTone,
  billStatusLabel,
  billStatusTone,
  clientKindColor,
  clientKindLabel,
  custodyColumns,
  dismissStatusLabel,
  dismissStatusTone,
  employerContributions,
  orderStatusLabel,
  orderStatusTone,
  placementStatusLabel,
  placementStatusTone,
} from './os-format.ts';

const muted = { color: 'rgba(0,0,0,0.45)' } as const;
const money = (v: string) => <span className="money">{formatMoney(v)}</span>;
type Rejecting = { target: 'order' | 'dismiss'; id: number; title: string } | null;

/** 我的外包服务商: what the caller's company, as a client, sees of the providers that place workers with it. */
export function CustodyClient({ providers }: { providers: readonly CustodyProviderView[] }) {
  const [chosen, setChosen] = useState<number | null>(null);
  const provider = providers.find((p) => p.providerId === chosen) ?? providers[0]!;
  return (
    <Flex vertical gap={16}>
      <Flex align="center" gap={12} wrap>
        <span>外包服务商</span>
        <Select
          value={provider.providerId}
          onChange={setChosen}
          style={{ minWidth: 280 }}
          className="custody-provider"
          options={providers.map((p) => ({ value: p.providerId, label: p.providerName }))}
        />
        <Tag color={clientKindColor(provider.kind)}>{clientKindLabel(provider.kind)}</Tag>
        <span style={muted}>
          在岗 {provider.placed} 人 · 待审批 {provider.waitingApprovals} · 待确认账单 {provider.billsToConfirm}
        </span>
      </Flex>
      <ProviderTabs key={provider.providerId} p={provider} />
    </Flex>
  );
}

function ProviderTabs({ p }: { p: CustodyProviderView }) {
  const [tab, setTab] = useState('workers');
  const orders = useCustodyOrders(p.providerId);
  const waiting = (rows: readonly { approval: number; raisedBy: string }[] | undefined) => (rows ?? []).filter((r) => r.approval === APPROVAL.waiting && r.raisedBy === 'provider').length;
  return (
    <Tabs
      activeKey={tab}
      onChange={setTab}
      className="custody-client-tabs"
      items={[
        { key: 'workers', label: '派驻人员', children: <WorkersTab p={p} /> },
        { key: 'orders', label: <Badge count={waiting(orders.data?.orders)} size="small" offset={[8, 0]}>工单</Badge>, children: <OrdersTab p={p} /> },
        { key: 'dismiss', label: <Badge count={waiting(orders.data?.dismissals)} size="small" offset={[8, 0]}>退工</Badge>, children: <DismissTab p={p} /> },
        { key: 'bills', label: <Badge count={p.billsToConfirm} size="small" offset={[8, 0]}>账单</Badge>, children: <BillsTab p={p} /> },
      ]}
    />
  );
}

function WorkersTab({ p }: { p: CustodyProviderView }) {
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState({ pageNum: 1, pageSize: 10 });
  const workers = useCustodyWorkers({ providerId: p.providerId, ...page, ...(keyword ? { keyword } : {}) });
  const shared = custodyColumns(p.fields, p.payVisible);
  const columns: TableColumnsType<CustodyWorkerRow> = [
    { title: '姓名', dataIndex: 'name', width: 100, fixed: 'left' },
    { title: '岗位', dataIndex: 'post', width: 130 },
    { title: '状态', dataIndex: 'status', width: 90, render: (v: number) => <StatusTag tone={placementStatusTone(v)}>{placementStatusLabel(v)}</StatusTag> },
    ...shared.map((c) => ({
      title: c.title,
      key: c.key,
      width: c.key === 'idNumber' ? 180 : 120,
      align: c.key === 'pay' ? ('right' as const) : undefined,
      render: (_: unknown, r: CustodyWorkerRow) => {
        const v = r[c.key];
        if (c.key === 'pay') return v ? money(v) : EMPTY_TEXT;
        if (c.key === 'startDate') return formatDate(v);
        return v || EMPTY_TEXT;
      },
    })),
  ];
  return (
    <Flex vertical gap={12}>
      <Input.Search
        placeholder="按姓名搜索"
        allowClear
        style={{ width: 280 }}
        onSearch={(v) => {
          setKeyword(v.trim());
          setPage((cur) => ({ ...cur, pageNum: 1 }));
        }}
        className="custody-worker-search"
      />
      <Table<CustodyWorkerRow>
        rowKey="placementId"
        size="middle"
        className="custody-worker-table"
        scroll={{ x: 320 + shared.length * 130 }}
        loading={workers.isFetching}
        dataSource={workers.data?.data ?? []}
        columns={columns}
        pagination={{
          current: page.pageNum,
          pageSize: page.pageSize,
          total: workers.data?.pageMessage.total ?? 0,
          showTotal: (t) => `共 ${t} 条`,
          showSizeChanger: true,
          onChange: (pageNum, pageSize) => setPage({ pageNum: pageSize !== page.pageSize ? 1 : pageNum, pageSize }),
        }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={`${p.providerName}暂未向本单位派驻人员，可在工单中发起补岗`} /> }}
      />
    </Flex>
  );
}

/** Approve / reject buttons of an order or dismissal the provider raised and the client must approve. */
function useApprovals(p: CustodyProviderView) {
  const { modal } = App.useApp();
  const { map } = usePermissions();
  const canAct = map[P.custodyClient] === true;
  const invalidate = useInvalidateOs();
  const [rejecting, setRejecting] = useState<Rejecting>(null);
  const approve = useAction((target: 'order' | 'dismiss', id: number, ok: boolean, remark: string) => custodyCalls.approve({ providerId: p.providerId, target, id, approve: ok, remark }), {
    success: (_, __, ___, ok) => (ok ? '已同意' : '已驳回'),
    invalidate,
    onSuccess: () => setRejecting(null),
  });
  const buttons = (target: 'order' | 'dismiss', id: number, approval: number, raisedBy: 'provider' | 'client', title: string) =>
    canAct && approval === APPROVAL.waiting && raisedBy === 'provider' ? (
      <Space size={4} wrap={false}>
        <Button
          type="link"
          size="small"
          className="custody-approve"
          onClick={() => modal.confirm({ title: '同意该工单？', content: title, okText: '同意', cancelText: '取消', onOk: () => approve.run(target, id, true, '') })}
        >
          同意
        </Button>
        <Button type="link" size="small" danger className="custody-reject" onClick={() => setRejecting({ target, id, title })}>
          驳回
        </Button>
      </Space>
    ) : null;
  const dialog = (
    <ApproveRejectModal
      open={rejecting !== null}
      subject={rejecting?.title ?? ''}
      onClose={() => setRejecting(null)}
      onSubmit={(remark) => (rejecting ? approve.run(rejecting.target, rejecting.id, false, remark) : undefined)}
    />
  );
  return { canAct, buttons, dialog };
}

function OrdersTab({ p }: { p: CustodyProviderView }) {
  const orders = useCustodyOrders(p.providerId);
  const invalidate = useInvalidateOs();
  const approvals = useApprovals(p);
  const [raising, setRaising] = useState(false);
  const save = useAction((body: Parameters<typeof custodyCalls.saveOrder>[1]) => custodyCalls.saveOrder(p.providerId, body), { success: '补岗单已提交', invalidate, onSuccess: () => setRaising(false) });
  const rows = orders.data?.orders ?? [];
  const columns: TableColumnsType<OrderRow> = [
    { title: '工单编号', dataIndex: 'orderNo', width: 160, fixed: 'left' },
    { title: '岗位', dataIndex: 'post', width: 120 },
    { title: '到岗/需求', key: 'filled', width: 100, align: 'right', render: (_: unknown, r) => `${r.filled} / ${r.headcount}` },
    { title: '薪资标准', dataIndex: 'pay', width: 120, align: 'right', render: (v: string) => <span className="money">{formatMoney(v)}/月</span> },
    { title: '期望到岗', dataIndex: 'startDate', width: 110, render: formatDate },
    { title: '状态', dataIndex: 'status', width: 100, render: (v: number) => <StatusTag tone={orderStatusTone(v)}>{orderStatusLabel(v)}</StatusTag> },
    { title: '审批', dataIndex: 'approval', width: 150, render: (v: number) => (v === APPROVAL.none ? EMPTY_TEXT : <StatusTag tone={approvalTone(v)}>{approvalLabel(v)}</StatusTag>) },
    { title: '发起方', dataIndex: 'raisedBy', width: 90, render: (v: string) => (v === 'client' ? '本单位' : '服务商') },
    { title: '创建时间', dataIndex: 'createdAt', width: 150, render: formatDateTime },
    { title: '操作', key: 'actions', width: 120, fixed: 'right', render: (_: unknown, r) => approvals.buttons('order', r.id, r.approval, r.raisedBy, `补岗单 ${r.orderNo}：${r.post} ${r.headcount} 人`) ?? EMPTY_TEXT },
  ];
  const posts = [...new Set(rows.map((r) => r.post))];
  return (
    <Flex vertical gap={12}>
      {approvals.canAct && (
        <Flex>
          <Button type="primary" className="custody-order-create" onClick={() => setRaising(true)}>
            发起补岗
          </Button>
        </Flex>
      )}
      <Table<OrderRow>
        rowKey="id"
        size="middle"
        className="custody-order-table"
        scroll={{ x: 1220 }}
        loading={orders.isFetching}
        dataSource={rows}
        columns={columns}
        pagination={{ pageSize: 10, showTotal: (t) => `共 ${t} 条`, hideOnSinglePage: true }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={approvals.canAct ? '暂无补岗单，缺人时点击发起补岗' : '暂无补岗单'} /> }}
      />
      <OrderModal open={raising} posts={posts} onClose={() => setRaising(false)} onSubmit={save.run} />
      {approvals.dialog}
    </Flex>
  );
}

function DismissTab({ p }: { p: CustodyProviderView }) {
  const orders = useCustodyOrders(p.providerId);
  const invalidate = useInvalidateOs();
  const approvals = useApprovals(p);
  const [raising, setRaising] = useState(false);
  const active = useCustodyWorkers(raising ? { providerId: p.providerId, pageNum: 1, pageSize: 500 } : null);
  const save = useAction((body: Parameters<typeof custodyCalls.saveDismiss>[1]) => custodyCalls.saveDismiss(p.providerId, body), { success: '退工单已提交', invalidate, onSuccess: () => setRaising(false) });
  const rows = orders.data?.dismissals ?? [];
  const workers = (active.data?.data ?? []).filter((w) => w.status === PLACEMENT_STATUS.active);
  const columns: TableColumnsType<DismissRow> = [
    { title: '工单编号', dataIndex: 'orderNo', width: 160, fixed: 'left' },
    { title: '退回人员', dataIndex: 'names', width: 220, ellipsis: true, render: (v: string[], r) => `${v.join('、')}（${r.workerCount} 人）` },
    { title: '退工原因', dataIndex: 'reason', width: 200, ellipsis: true },
    { title: '最后工作日', dataIndex: 'lastDay', width: 110, render: formatDate },
    { title: '处理进度', key: 'handled', width: 100, align: 'right', render: (_: unknown, r) => `${r.handledCount} / ${r.workerCount}` },
    { title: '状态', dataIndex: 'status', width: 100, render: (v: number) => <StatusTag tone={dismissStatusTone(v)}>{dismissStatusLabel(v)}</StatusTag> },
    { title: '审批', dataIndex: 'approval', width: 150, render: (v: number) => (v === APPROVAL.none ? EMPTY_TEXT : <StatusTag tone={approvalTone(v)}>{approvalLabel(v)}</StatusTag>) },
    { title: '创建时间', dataIndex: 'createdAt', width: 150, render: formatDateTime },
    { title: '操作', key: 'actions', width: 120, fixed: 'right', render: (_: unknown, r) => approvals.buttons('dismiss', r.id, r.approval, r.raisedBy, `退工单 ${r.orderNo}：${r.names.join('、')}`) ?? EMPTY_TEXT },
  ];
  return (
    <Flex vertical gap={12}>
      {approvals.canAct && (
        <Flex>
          <Button type="primary" className="custody-dismiss-create" onClick={() => setRaising(true)}>
            发起退工
          </Button>
        </Flex>
      )}
      <Table<DismissRow>
        rowKey="id"
        size="middle"
        className="custody-dismiss-table"
        scroll={{ x: 1310 }}
        loading={orders.isFetching}
        dataSource={rows}
        columns={columns}
        pagination={{ pageSize: 10, showTotal: (t) => `共 ${t} 条`, hideOnSinglePage: true }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={approvals.canAct ? '暂无退工单，需要退回人员时点击发起退工' : '暂无退工单'} /> }}
      />
      <DismissModal open={raising} workers={workers} loading={active.isFetching} onClose={() => setRaising(false)} onSubmit={save.run} />
      {approvals.dialog}
    </Flex>
  );
}

function BillsTab({ p }: { p: CustodyProviderView }) {
  const { modal } = App.useApp();
  const { map } = usePermissions();
  const canAct = map[P.custodyClient] === true;
  const invalidate = useInvalidateOs();
  const bills = useCustodyBills(p.providerId);
  const [open, setOpen] = useState<number | null>(null);
  const detail = useCustodyBillDetail(open !== null ? { providerId: p.providerId, billId: open } : null);
  const confirm = useAction((billId: number) => custodyCalls.confirmBill(p.providerId, billId), { success: '账单已确认', invalidate });
  const canConfirm = (b: Pick<BillRow, 'status'>) => canAct && p.confirmBills && b.status === BILL_STATUS.toConfirm;
  const ask = (b: Pick<BillRow, 'id' | 'month' | 'total'>) =>
    modal.confirm({
      title: '确认账单',
      content: `确认 ${b.month} 账单金额 ${formatMoney(b.total)} 无误？确认后服务商将按此金额收款。`,
      okText: '确认账单',
      cancelText: '取消',
      onOk: () => confirm.run(b.id),
    });
  const columns: TableColumnsType<BillRow> = [
    { title: '账单编号', dataIndex: 'billNo', width: 170, fixed: 'left', render: (v: string, r) => <a onClick={() => setOpen(r.id)}>{v}</a> },
    { title: '月份', dataIndex: 'month', width: 90 },
    { title: '人数', dataIndex: 'workerCount', width: 70, align: 'right' },
    { title: '工资', dataIndex: 'wages', width: 120, align: 'right', render: money },
    { title: '社保公积金(单位)', key: 'employer', width: 140, align: 'right', render: (_: unknown, r) => money(employerContributions(r)) },
    { title: '服务费', dataIndex: 'serviceFee', width: 110, align: 'right', render: money },
    { title: '增值税', dataIndex: 'vat', width: 100, align: 'right', render: money },
    { title: '合计', dataIndex: 'total', width: 130, align: 'right', render: (v: string) => <strong className="money">{formatMoney(v)}</strong> },
    { title: '状态', dataIndex: 'status', width: 100, render: (v: number) => <StatusTag tone={billStatusTone(v)}>{billStatusLabel(v)}</StatusTag> },
    { title: '确认时间', dataIndex: 'confirmedAt', width: 150, render: (v: string | null) => (v ? formatDateTime(v) : '未确认') },
    {
      title: '操作',
      key: 'actions',
      width: 130,
      fixed: 'right',
      render: (_: unknown, r) => (
        <Space size={4} wrap={false}>
          <Button type="link" size="small" onClick={() => setOpen(r.id)}>
            查看
          </Button>
          {canConfirm(r) && (
            <Button type="link" size="small" className="custody-bill-confirm" loading={confirm.pendingArgs?.[0] === r.id} onClick={() => ask(r)}>
              确认账单
            </Button>
          )}
        </Space>
      ),
    },
  ];
  const b = detail.data;
  return (
    <>
      <Table<BillRow>
        rowKey="id"
        size="middle"
        className="custody-bill-table"
        scroll={{ x: 1410 }}
        loading={bills.isFetching}
        dataSource={bills.data ?? []}
        columns={columns}
        pagination={{ pageSize: 10, showTotal: (t) => `共 ${t} 条`, hideOnSinglePage: true }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无账单，服务商生成月度账单后在此确认" /> }}
      />
      <BillDrawer
        open={open !== null}
        detail={open !== null ? b : undefined}
        loading={detail.isFetching}
        onClose={() => setOpen(null)}
        actions={
          b && canConfirm(b) ? (
            <Button type="primary" loading={confirm.pending} onClick={() => ask(b)}>
              确认账单
            </Button>
          ) : undefined
        }
      />
    </>
  );
}
