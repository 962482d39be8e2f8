import { RUN_STATUS, type OverviewView } from '@wfsaas/contracts';
import { Button, Card, Col, DatePicker, Empty, Flex, Row, Spin, Statistic } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useCanOpen, usePermissions } from '../../app/routing/PermissionContext.ts';
import { formatMoney } from '../../app/ui/format.ts';
import { PageHeader } from '../../app/ui/PageHeader.tsx';
import { Panel } from '../../app/ui/Panel.tsx';
import { StatusTag } from '../../app/ui/StatusTag.tsx';
import { useAction } from '../../app/ui/use-action.ts';
import { chinaMonth, runStatusTone } from './payroll-format.ts';
import { PAYROLL_PERMISSIONS as P, payrollCalls, useInvalidatePayroll, useOverview } from './payroll.api.ts';
import { nextStepOf, RUN_STEPS, runStepPath } from './run-steps.ts';

type GroupEntry = OverviewView['groups'][number];

/** /fzsxapp/index (开始算薪): this month's run of every salary group, its state and the next step. */
export default function PayrollIndexPage() {
  const [month, setMonth] = useState(chinaMonth());
  const overview = useOverview(month);
  const navigate = useNavigate();
  // links to other screens only for those who can open them
  const canOpen = useCanOpen();
  const groups = overview.data?.groups ?? [];
  return (
    <Flex vertical gap={16} className="payroll-index-page">
      <PageHeader
        title="开始算薪"
        description="每个薪资组本月的算薪进度，点击按钮进入下一步。"
        extra={
          <>
            <DatePicker picker="month" format="YYYY-MM" allowClear={false} value={dayjs(`${month}-01`)} onChange={(d) => d && setMonth(d.format('YYYY-MM'))} className="index-month" />
            {canOpen('salaryManagement') && <Button onClick={() => navigate('/fzsxapp/salaryManagement')}>薪资组管理</Button>}
          </>
        }
      />
      {overview.isLoading ? (
        <Spin style={{ display: 'block', margin: '80px auto' }} />
      ) : groups.length === 0 ? (
        <Panel>
          <Empty description={canOpen('salaryManagement') ? '暂无薪资组，先创建薪资组并设置工资项目' : '暂无薪资组，请联系管理员创建薪资组'}>
            {canOpen('salaryManagement') && (
              <Button type="primary" onClick={() => navigate('/fzsxapp/salaryManagement')}>
                去创建薪资组
              </Button>
            )}
          </Empty>
        </Panel>
      ) : (
        <Row gutter={[16, 16]}>
          {groups.map((g) => (
            <Col key={g.groupId} xs={24} lg={12} xxl={8}>
              <GroupCard entry={g} month={month} />
            </Col>
          ))}
        </Row>
      )}
    </Flex>
  );
}

function GroupCard({ entry, month }: { entry: GroupEntry; month: string }) {
  const navigate = useNavigate();
  const { map } = usePermissions();
  const canOpen = useCanOpen();
  const invalidate = useInvalidatePayroll();
  const create = useAction(payrollCalls.createRun, { success: '已创建本月批次', invalidate, onSuccess: (r) => navigate(runStepPath('import', r.id)) });
  const run = entry.run;
  const next = run ? nextStepOf(run) : null;
  const nextTitle = next ? RUN_STEPS.find((s) => s.key === next)!.title : null;
  return (
    <Card
      className="index-group-card"
      title={entry.groupName}
      extra={run ? <StatusTag tone={runStatusTone(run.status)}>{run.statusLabel}</StatusTag> : <StatusTag tone="pending">未开始</StatusTag>}
    >
      <Flex gap={32} wrap style={{ minHeight: 64 }}>
        <Statistic title="薪资组人数" value={entry.memberCount} suffix="人" />
        <Statistic title="应发合计" value={run?.totals ? formatMoney(run.totals.gross) : '—'} />
        <Statistic title="实发合计" value={run?.totals ? formatMoney(run.totals.net) : '—'} />
        {run && run.errorCount > 0 && <Statistic title="计算出错" value={run.errorCount} suffix="人" valueStyle={{ color: '#cf1322' }} />}
      </Flex>
      <Flex justify="flex-end" gap={8} style={{ marginTop: 16 }}>
        {canOpen('configSalaryGroup') && <Button onClick={() => navigate(`/fzsxapp/configSalaryGroup/${entry.groupId}`)}>设置</Button>}
        {run ? (
          <Button type="primary" className="index-next" onClick={() => navigate(runStepPath(next!, run.id))}>
            {run.status >= RUN_STATUS.locked ? '查看' : `继续：${nextTitle}`}
          </Button>
        ) : (
          <Button
            type="primary"
            className="index-start"
            loading={create.pending}
            disabled={map[P.runEdit] !== true}
            onClick={() => void create.run(entry.groupId, month)}
          >
            开始{month}算薪
          </Button>
        )}
      </Flex>
    </Card>
  );
}
