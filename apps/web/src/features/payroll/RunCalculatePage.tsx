import { RUN_STATUS, type RunView } from '@wfsaas/contracts';
import { Alert, Button, Flex, Progress, Result, Statistic, Table } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { usePermissions } from '../../app/routing/PermissionContext.ts';
import { formatDateTime, formatMoney } from '../../app/ui/format.ts';
import { Panel } from '../../app/ui/Panel.tsx';
import { useAction } from '../../app/ui/use-action.ts';
import { PAYROLL_PERMISSIONS as P, payrollCalls, useInvalidatePayroll, useRunProgress, useRunResults } from './payroll.api.ts';
import { RunFrame } from './RunFrame.tsx';
import { runStepPath } from './run-steps.ts';

/** /fzsxapp/startCalculateSalary/:id (计算薪资): start the calculation job, its progress, the employees it failed for. */
export default function RunCalculatePage() {
  return <RunFrame step="calculate">{(run) => <CalculateStep run={run} />}</RunFrame>;
}

function CalculateStep({ run }: { run: RunView }) {
  const navigate = useNavigate();
  const { map } = usePermissions();
  const canCalculate = map[P.runCalculate] === true;
  const invalidate = useInvalidatePayroll();
  const [starting, setStarting] = useState(false);
  const calculate = useAction(payrollCalls.calculate, { success: '已开始计算', invalidate });
  const calculating = run.status === RUN_STATUS.calculating;
  const progress = useRunProgress(run.id, calculating || starting);
  const p = progress.data;
  const errors = useRunResults({ runId: run.id, pageNum: 1, pageSize: 50, onlyErrors: true });

  // the job ended while this screen watched it: refresh the run and its results, once
  const jobDone = p !== undefined && p.status !== RUN_STATUS.calculating;
  const watching = calculating || starting;
  const refreshed = useRef(false);
  useEffect(() => {
    if (!watching) {
      refreshed.current = false;
      return;
    }
    if (jobDone && !refreshed.current) {
      refreshed.current = true;
      setStarting(false);
      void invalidate();
    }
  }, [jobDone, watching, invalidate]);

  const start = async () => {
    setStarting(true);
    const r = await calculate.run(run.id);
    if (!r) setStarting(false);
  };

  const percent = p && p.total > 0 ? Math.floor((p.done * 100) / p.total) : calculating ? 0 : 100;
  const canStart = canCalculate && (run.status === RUN_STATUS.awaitingImport || run.status === RUN_STATUS.awaitingCalculation || run.status === RUN_STATUS.calculated);
  const errorRows = errors.data?.list ?? [];

  return (
    <Flex vertical gap={16}>
      <Panel title="计算薪资">
        {calculating || starting ? (
          <Flex vertical gap={12} align="center" style={{ padding: '24px 0' }}>
            <Progress type="circle" percent={percent} className="calc-progress" />
            <div>
              正在计算 {p?.done ?? 0} / {p?.total ?? '…'} 人，可离开此页面，计算会在后台继续。
            </div>
          </Flex>
        ) : run.status >= RUN_STATUS.calculated ? (
          <Result
            status={run.errorCount > 0 ? 'warning' : 'success'}
            className="calc-done"
            title={run.errorCount > 0 ? `计算完成，${run.errorCount} 人计算出错` : '计算完成'}
            subTitle={`计算时间 ${formatDateTime(run.calculatedAt)}`}
            extra={[
              <Button key="review" type="primary" className="run-next" onClick={() => navigate(runStepPath('review', run.id))}>
                查看计算结果
              </Button>,
              run.status === RUN_STATUS.calculated && canCalculate ? (
                <Button key="again" onClick={() => void start()}>
                  重新计算
                </Button>
              ) : null,
            ]}
          />
        ) : (
          <Flex vertical gap={16} align="center" style={{ padding: '24px 0' }}>
            <div style={{ color: 'rgba(0,0,0,0.65)' }}>按薪资组的工资项、公式、社保政策和计税规则计算本月每位员工的薪资。</div>
            <Button type="primary" size="large" className="calc-start" disabled={!canStart} onClick={() => void start()}>
              开始计算
            </Button>
            {!canCalculate && <div style={{ color: 'rgba(0,0,0,0.45)' }}>您没有计算薪资的权限</div>}
          </Flex>
        )}
        {p?.error && <Alert type="error" showIcon message={p.error} style={{ marginTop: 16 }} />}
      </Panel>
      {run.totals && !calculating && (
        <Panel title="本月合计">
          <Flex gap={48} wrap>
            <Statistic title="人数" value={run.totals.headcount} />
            <Statistic title="应发合计" value={formatMoney(run.totals.gross)} />
            <Statistic title="社保个人" value={formatMoney(run.totals.siEmployee)} />
            <Statistic title="公积金个人" value={formatMoney(run.totals.hfEmployee)} />
            <Statistic title="个税合计" value={formatMoney(run.totals.tax)} />
            <Statistic title="实发合计" value={formatMoney(run.totals.net)} />
          </Flex>
        </Panel>
      )}
      {errorRows.length > 0 && !calculating && (
        <Panel title="计算出错的员工">
          <Table
            rowKey="employeeId"
            size="small"
            className="calc-errors"
            dataSource={errorRows}
            pagination={false}
            columns={[
              { title: '工号', dataIndex: 'employeeNo', width: 140, render: (v: string | null) => v ?? '—' },
              { title: '姓名', dataIndex: 'name', width: 140 },
              { title: '部门', dataIndex: 'departmentName', width: 180, render: (v: string | null) => v ?? '—' },
              { title: '出错原因', dataIndex: 'error', render: (v: string | null) => <span style={{ color: '#cf1322' }}>{v}</span> },
            ]}
          />
        </Panel>
      )}
    </Flex>
  );
}
