import { RUN_STATUS, type RunView } from '@wfsaas/contracts';
import { App, Button, DatePicker, Form, Space, type TableColumnsType } from 'antd';
import { Link, useNavigate } from 'react-router';
import { usePermissions } from '../../app/routing/PermissionContext.ts';
import { formatDateTime, formatMoney } from '../../app/ui/format.ts';
import { month, oneOf } from '../../app/ui/list-query.ts';
import { ListScreen } from '../../app/ui/ListScreen.tsx';
import { StatusTag } from '../../app/ui/StatusTag.tsx';
import { useAction } from '../../app/ui/use-action.ts';
import { useListQuery } from '../../app/ui/use-list-query.ts';
import { runStatusTone } from './payroll-format.ts';
import { PAYROLL_PERMISSIONS as P, payrollCalls, useInvalidatePayroll, useRunPage } from './payroll.api.ts';
import { runStepPath } from './run-steps.ts';

const money = (pick: (r: RunView) => string | undefined) => (_: unknown, r: RunView) => <span className="money">{formatMoney(pick(r))}</span>;

const SCHEMA = { month, status: oneOf([RUN_STATUS.locked, RUN_STATUS.submitted]) };
const DEFAULTS = { status: RUN_STATUS.locked };

/** /generationexpend/submitPayslip (提交工资表): locked runs waiting to become payroll sheets, and those already submitted. */
export default function SubmitPayslipPage() {
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const { map } = usePermissions();
  const canSubmit = map[P.runSubmit] === true;
  const query = useListQuery({ name: 'submit-runs', schema: SCHEMA, defaults: DEFAULTS });
  const status = query.filters.status ?? RUN_STATUS.locked;
  const page = useRunPage({ ...query.page, month: query.filters.month?.format('YYYY-MM'), status });
  const invalidate = useInvalidatePayroll();
  const submit = useAction(payrollCalls.submit, { success: '提交成功', invalidate });

  const columns: TableColumnsType<RunView> = [
    { title: '算薪月份', dataIndex: 'month', width: 100 },
    { title: '薪资组', dataIndex: 'groupName', width: 180, ellipsis: true },
    { title: '状态', dataIndex: 'status', width: 100, render: (v: number, r) => <StatusTag tone={runStatusTone(v)}>{r.statusLabel}</StatusTag> },
    { title: '人数', key: 'h', width: 80, align: 'right', render: (_: unknown, r) => r.totals?.headcount ?? '—' },
    { title: '应发合计', key: 'g', width: 130, align: 'right', render: money((r) => r.totals?.gross) },
    { title: '个税合计', key: 't', width: 120, align: 'right', render: money((r) => r.totals?.tax) },
    { title: '实发合计', key: 'n', width: 130, align: 'right', render: money((r) => r.totals?.net) },
    { title: status === RUN_STATUS.submitted ? '提交时间' : '锁定时间', key: 'at', width: 150, render: (_: unknown, r) => formatDateTime(r.status === RUN_STATUS.submitted ? r.submittedAt : r.lockedAt) },
    {
      title: '操作',
      key: 'a',
      width: 150,
      fixed: 'right',
      render: (_: unknown, r) =>
        r.status === RUN_STATUS.submitted ? (
          <Link to={`/generationexpend/mitWagesprisedetal/${r.id}`}>查看工资表</Link>
        ) : (
          <Space size={4}>
            <Link to={runStepPath('review', r.id)}>核对</Link>
            {canSubmit && (
              <Button
                type="link"
                size="small"
                className="sheet-submit"
                onClick={() =>
                  modal.confirm({
                    title: '确认提交工资表?',
                    content: `「${r.groupName}」${r.month}提交后生成工资表，不能再解锁。`,
                    okText: '确定',
                    cancelText: '取消',
                    onOk: () => submit.run(r.id),
                  })
                }
              >
                提交
              </Button>
            )}
          </Space>
        ),
    },
  ];

  return (
    <ListScreen<RunView, typeof SCHEMA>
      className="submit-payslip-page"
      title="提交工资表"
      description="已锁定的薪资批次提交后生成工资表，用于银行代发和个税申报。"
      extra={<Button onClick={() => navigate('/fzsxapp/salaryByBatch')}>薪资批次</Button>}
      query={query}
      formName="submit-query"
      fields={
        <Form.Item name="month" label="算薪月份">
          <DatePicker picker="month" format="YYYY-MM" style={{ width: '100%' }} />
        </Form.Item>
      }
      tabs={{
        filter: 'status',
        items: [
          { key: String(RUN_STATUS.locked), label: '待提交' },
          { key: String(RUN_STATUS.submitted), label: '已提交' },
        ],
      }}
      table={{ rowKey: 'id', scroll: { x: 1140 }, columns, result: page, empty: status === RUN_STATUS.locked ? '暂无待提交的薪资批次，锁定薪资批次后在此提交' : '暂无已提交的工资表' }}
    />
  );
}
