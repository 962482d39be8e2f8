import { RUN_STATUS, type RunView } from '@wfsaas/contracts';
import { Alert, App, Button, Descriptions, Flex, Form, Input, Result, Spin, Steps } from 'antd';
import { useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { usePermissions } from '../../app/routing/PermissionContext.ts';
import { formatDateTime, formatMoney } from '../../app/ui/format.ts';
import { FormModal } from '../../app/ui/FormOverlay.tsx';
import { PageHeader } from '../../app/ui/PageHeader.tsx';
import { Panel } from '../../app/ui/Panel.tsx';
import { StatusTag } from '../../app/ui/StatusTag.tsx';
import { useAction } from '../../app/ui/use-action.ts';
import { runStatusTone } from './payroll-format.ts';
import { nextStepOf, RUN_STEPS, runStepPath, type RunStepKey } from './run-steps.ts';
import { PAYROLL_PERMISSIONS as P, payrollCalls, useInvalidatePayroll, useRun } from './payroll.api.ts';

/** The run id of a step route (/…/:id). */
export function useRunId(): number {
  const { id } = useParams();
  return Number(id);
}

/**
 * The frame of a run's step screens: the run's key facts, the Steps bar (each step a link), and the
 * actions its state allows — lock, unlock with a reason, submit, push to payslips.
 */
export function RunFrame({ step, children }: { step: RunStepKey; children: (run: RunView) => ReactNode }) {
  const runId = useRunId();
  const run = useRun(runId);
  const navigate = useNavigate();
  if (run.isLoading) return <Spin style={{ display: 'block', margin: '80px auto' }} />;
  if (!run.data)
    return (
      <Result
        status="404"
        title="薪资批次不存在"
        subTitle="该批次可能已被删除，或不属于当前公司。"
        extra={
          <Button type="primary" onClick={() => navigate('/fzsxapp/salaryByBatch')}>
            返回薪资批次
          </Button>
        }
      />
    );
  const r = run.data;
  const current = RUN_STEPS.findIndex((s) => s.key === step);
  const reached = RUN_STEPS.findIndex((s) => s.key === nextStepOf(r));
  return (
    <Flex vertical gap={16} className="payroll-run-frame">
      <PageHeader
        title={`${r.groupName} · ${r.month} 薪资`}
        description={
          <Flex gap={16} wrap align="center">
            <StatusTag tone={runStatusTone(r.status)}>{r.statusLabel}</StatusTag>
            <span>应出勤 {r.workingDays} 天</span>
            {r.totals && <span>人数 {r.totals.headcount}</span>}
            {r.totals && <span>实发合计 {formatMoney(r.totals.net)}</span>}
            {r.lockedAt && r.status >= RUN_STATUS.locked && <span>锁定于 {formatDateTime(r.lockedAt)}</span>}
          </Flex>
        }
        extra={<RunActions run={r} />}
      />
      <Panel bodyStyle={{ padding: '20px 24px' }}>
        <Steps
          current={current}
          className="payroll-run-steps"
          onChange={(i) => navigate(`${RUN_STEPS[i]!.path}/${runId}`)}
          items={RUN_STEPS.map((s, i) => ({ title: s.title, status: i === current ? 'process' : i < reached || (i === reached && r.status >= RUN_STATUS.locked) ? 'finish' : 'wait' }))}
        />
      </Panel>
      {r.unlockReason && r.status === RUN_STATUS.calculated && (
        <Panel bodyStyle={{ padding: '12px 24px' }}>
          <Descriptions size="small" column={1} items={[{ key: 'u', label: '最近解锁原因', children: r.unlockReason }]} />
        </Panel>
      )}
      {children(r)}
    </Flex>
  );
}

function RunActions({ run }: { run: RunView }) {
  const { map } = usePermissions();
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const invalidate = useInvalidatePayroll();
  const [unlocking, setUnlocking] = useState(false);
  const lock = useAction(payrollCalls.lock, { success: '已锁定', invalidate });
  const submit = useAction(payrollCalls.submit, { success: '提交成功', invalidate, onSuccess: () => navigate(runStepPath('submit', run.id)) });
  const push = useAction(payrollCalls.pushPayslip, { success: '已生成工资条', invalidate, onSuccess: (r) => navigate(`/gzt-vite/payslipDetails/${r.batchId}`) });
  const canLock = map[P.runLock] === true;
  const canSubmit = map[P.runSubmit] === true;
  const s = run.status;
  return (
    <>
      {s === RUN_STATUS.calculated && canLock && (
        <Button
          type="primary"
          className="run-lock"
          loading={lock.pending}
          disabled={run.errorCount > 0}
          title={run.errorCount > 0 ? '有员工计算出错，处理后才能锁定' : undefined}
          onClick={() =>
            modal.confirm({
              title: '确认锁定本月薪资?',
              content: '锁定后不能再导入数据或重新计算，如需修改请先解锁。',
              okText: '确定',
              cancelText: '取消',
              onOk: () => lock.run(run.id),
            })
          }
        >
          锁定
        </Button>
      )}
      {s === RUN_STATUS.locked && canLock && (
        <Button className="run-unlock" onClick={() => setUnlocking(true)}>
          解锁
        </Button>
      )}
      {s === RUN_STATUS.locked && canSubmit && (
        <Button
          type="primary"
          className="run-submit"
          loading={submit.pending}
          onClick={() =>
            modal.confirm({
              title: '确认提交工资表?',
              content: '提交后生成工资表，可导出银行代发文件和个税申报文件，不能再解锁。',
              okText: '确定',
              cancelText: '取消',
              onOk: () => submit.run(run.id),
            })
          }
        >
          提交工资表
        </Button>
      )}
      {s >= RUN_STATUS.locked && canSubmit && run.payslipBatchId === null && (
        <Button
          className="run-push"
          loading={push.pending}
          onClick={() => void push.run(run.id)}
        >
          推送工资条
        </Button>
      )}
      {run.payslipBatchId !== null && (
        <Link to={`/gzt-vite/payslipDetails/${run.payslipBatchId}`}>
          <Button className="run-open-payslips">查看工资条</Button>
        </Link>
      )}
      <UnlockModal run={run} open={unlocking} onClose={() => setUnlocking(false)} />
    </>
  );
}

/** 解锁: the reason (at least two characters) is kept in the run's log. */
function UnlockModal({ run, open, onClose }: { run: RunView; open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<{ reason: string }>();
  const reason = Form.useWatch('reason', form) ?? '';
  const invalidate = useInvalidatePayroll();
  const unlock = useAction((v: { reason: string }) => payrollCalls.unlock(run.id, v.reason.trim()), { success: '已解锁', invalidate, onSuccess: onClose });
  return (
    <FormModal<{ reason: string }>
      open={open}
      title="解锁薪资批次"
      form={form}
      onClose={onClose}
      onSubmit={unlock.run}
      okDisabled={reason.trim().length < 2}
      intro={
        <>
          <p style={{ color: 'rgba(0,0,0,0.45)' }}>解锁后可重新导入和计算，解锁原因会记录在操作日志中。</p>
          {run.payslipBatchId !== null && (
            <Alert
              className="unlock-payslip-warning"
              type="warning"
              showIcon
              style={{ marginBottom: 12 }}
              message="本批次已推送工资条，解锁时将一并收回"
              description="草稿状态的工资条将被删除，定时发送的将终止发送，已发送的将撤回（员工打开时提示工资条已撤回）。重新计算并锁定后可再次推送。"
            />
          )}
        </>
      }
    >
      <Form.Item name="reason" noStyle>
        <Input.TextArea className="unlock-reason" maxLength={200} showCount rows={3} placeholder="请输入解锁原因（至少2个字）" />
      </Form.Item>
    </FormModal>
  );
}
