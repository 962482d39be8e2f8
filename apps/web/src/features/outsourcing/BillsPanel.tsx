import { BILL_STATUS, BILL_STATUSES, type BillGenerateResult, type BillRow, type ClientView } from '@wfsaas/contracts';
import { App, Button, Form, Select, Space, type TableColumnsType } from 'antd';
import { usePermissions } from '../../app/routing/PermissionContext.ts';
import { formatDateTime, formatMoney } from '../../app/ui/format.ts';
import { int, type FiltersOf } from '../../app/ui/list-query.ts';
import { ListTable } from '../../app/ui/ListTable.tsx';
import { Panel } from '../../app/ui/Panel.tsx';
import { QueryForm } from '../../app/ui/QueryForm.tsx';
import { StatusTag } from '../../app/ui/StatusTag.tsx';
import { toastSuccess } from '../../app/ui/feedback.ts';
import { useAction } from '../../app/ui/use-action.ts';
import { useListQuery } from '../../app/ui/use-list-query.ts';
import { usePayrollExport } from '../payroll/use-payroll-export.tsx';
import { BillDrawer } from './BillDrawer.tsx';
import { OS_PERMISSIONS as P, osCalls, useBillDetail, useBillPage, useInvalidateOs } from './os.api.ts';
import { billStatusLabel, billStatusTone, employerContributions, generateResultText } from './os-format.ts';

const SCHEMA = { clientId: int, status: int };
const NO_DEFAULTS = {};
const money = (v: string) => <span className="money">{formatMoney(v)}</span>;

/** 导出 (to 下载中心) and 登记收款 (待付款 → 已付款) of a bill. */
function useBillActions() {
  const { modal } = App.useApp();
  const invalidate = useInvalidateOs();
  const exporter = usePayrollExport();
  const paid = useAction(osCalls.markPaid, { success: '已登记收款', invalidate });
  const confirmPaid = (b: Pick<BillRow, 'id' | 'clientName' | 'month' | 'total'>) =>
    modal.confirm({
      title: '登记收款',
      content: `确认已收到「${b.clientName}」${b.month} 账单款项 ${formatMoney(b.total)}？登记后账单状态变为已付款。`,
      okText: '确定',
      cancelText: '取消',
      onOk: () => paid.run(b.id),
    });
  return {
    exportPending: (id: number) => exporter.pending === `bill-${id}`,
    exportBill: (id: number) => void exporter.start(`bill-${id}`, () => osCalls.exportBill(id)),
    confirmPaid,
    paidPending: (id: number) => paid.pendingArgs?.[0] === id,
  };
}

/** The month's client bills: generate, view, export, record payment. */
export function BillsPanel({ month, clients, onOpen }: { month: string; clients: readonly ClientView[]; onOpen: (billId: number) => void }) {
  const { modal } = App.useApp();
  const { map } = usePermissions();
  const canBill = map[P.billEdit] === true;
  const invalidate = useInvalidateOs();
  const query = useListQuery({ name: 'os-bills', schema: SCHEMA, defaults: NO_DEFAULTS, prefix: 'bill' });
  const page = useBillPage({ ...query.params, month });
  const actions = useBillActions();
  const generate = useAction(() => osCalls.generateBills(month), {
    invalidate,
    onSuccess: (r: BillGenerateResult) => {
      if (r.skipped.length === 0) {
        toastSuccess(generateResultText(r));
        return;
      }
      modal.info({
        title: generateResultText(r),
        width: 560,
        className: 'bill-generate-skipped',
        content: (
          <ul style={{ paddingInlineStart: 20, margin: '8px 0 0' }}>
            {r.skipped.map((s) => (
              <li key={s.clientName}>
                <strong>{s.clientName}</strong>：{s.reason}
              </li>
            ))}
          </ul>
        ),
        okText: '知道了',
      });
    },
  });

  const columns: TableColumnsType<BillRow> = [
    { title: '账单编号', dataIndex: 'billNo', width: 170, fixed: 'left', render: (v: string, r) => <a onClick={() => onOpen(r.id)}>{v}</a> },
    { title: '用工单位', dataIndex: 'clientName', width: 200, ellipsis: true },
    { title: '人数', dataIndex: 'workerCount', width: 70, align: 'right' },
    { title: '工资', dataIndex: 'wages', width: 120, align: 'right', render: money },
    { title: '社保公积金(单位)', key: 'employer', width: 140, align: 'right', render: (_: unknown, r) => money(employerContributions(r)) },
    { title: '服务费', dataIndex: 'serviceFee', width: 110, align: 'right', render: money },
    { title: '增值税', dataIndex: 'vat', width: 100, align: 'right', render: money },
    { title: '合计', dataIndex: 'total', width: 130, align: 'right', render: (v: string) => <strong className="money">{formatMoney(v)}</strong> },
    { title: '状态', dataIndex: 'status', width: 100, render: (v: number) => <StatusTag tone={billStatusTone(v)}>{billStatusLabel(v)}</StatusTag> },
    { title: '生成时间', dataIndex: 'generatedAt', width: 150, render: formatDateTime },
    { title: '确认时间', dataIndex: 'confirmedAt', width: 150, render: (v: string | null, r) => (v ? `${formatDateTime(v)}${r.confirmedBy ? ` ${r.confirmedBy}` : ''}` : '未确认') },
    {
      title: '操作',
      key: 'actions',
      width: canBill ? 190 : 70,
      fixed: 'right',
      render: (_: unknown, r) => (
        <Space size={4} wrap={false}>
          <Button type="link" size="small" onClick={() => onOpen(r.id)}>
            查看
          </Button>
          {canBill && (
            <Button type="link" size="small" className="bill-export" loading={actions.exportPending(r.id)} onClick={() => actions.exportBill(r.id)}>
              导出
            </Button>
          )}
          {canBill && r.status === BILL_STATUS.toPay && (
            <Button type="link" size="small" className="bill-paid" loading={actions.paidPending(r.id)} onClick={() => actions.confirmPaid(r)}>
              登记收款
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <>
      <Panel bodyStyle={{ paddingBottom: 0 }}>
        <QueryForm<FiltersOf<typeof SCHEMA>> name="bill-query" values={query.filters} onSearch={query.search}>
          <Form.Item name="clientId" label="用工单位">
            <Select allowClear placeholder="全部" options={clients.map((c) => ({ value: c.id, label: c.name }))} showSearch={{ optionFilterProp: 'label' }} />
          </Form.Item>
          <Form.Item name="status" label="状态">
            <Select allowClear placeholder="全部" options={BILL_STATUSES.map((s) => ({ value: s.value, label: s.label }))} />
          </Form.Item>
        </QueryForm>
      </Panel>
      <Panel title={`${month} 客户月度账单`}>
        <ListTable<BillRow, typeof SCHEMA>
          query={query}
          rowKey="id"
          className="bill-table"
          scroll={{ x: 1700 }}
          columns={columns}
          result={page}
          empty={canBill ? `${month} 暂无账单，算薪完成后点击生成本月账单` : `${month} 暂无账单`}
          toolbar={
            canBill ? (
              <Button type="primary" className="bill-generate" loading={generate.pending} onClick={() => void generate.run()}>
                生成本月账单
              </Button>
            ) : undefined
          }
        />
      </Panel>
    </>
  );
}

/** The provider's view of one bill, with 导出 and 登记收款. */
export function ProviderBillDrawer({ billId, onClose }: { billId: number | null; onClose: () => void }) {
  const { map } = usePermissions();
  const canBill = map[P.billEdit] === true;
  const detail = useBillDetail(billId);
  const actions = useBillActions();
  const b = detail.data;
  return (
    <BillDrawer
      open={billId !== null}
      detail={billId !== null ? b : undefined}
      loading={detail.isFetching}
      onClose={onClose}
      actions={
        canBill && b ? (
          <>
            <Button loading={actions.exportPending(b.id)} onClick={() => actions.exportBill(b.id)}>
              导出
            </Button>
            {b.status === BILL_STATUS.toPay && (
              <Button type="primary" loading={actions.paidPending(b.id)} onClick={() => actions.confirmPaid(b)}>
                登记收款
              </Button>
            )}
          </>
        ) : undefined
      }
    />
  );
}
