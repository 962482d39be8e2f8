import { RUN_STATUS, type RunView } from '@wfsaas/contracts';
import { Alert, Button, Descriptions, Flex, Result } from 'antd';
import { Link, useNavigate } from 'react-router';
import { formatDateTime, formatMoney } from '../../app/ui/format.ts';
import { Panel } from '../../app/ui/Panel.tsx';
import { RunFrame } from './RunFrame.tsx';
import { runStepPath } from './run-steps.ts';

/** /fzsxapp/submitPayroll/:id (锁定提交): the run's totals and where it stands; the actions are in the frame. */
export default function RunSubmitPage() {
  return <RunFrame step="submit">{(run) => <SubmitStep run={run} />}</RunFrame>;
}

function SubmitStep({ run }: { run: RunView }) {
  const navigate = useNavigate();
  const t = run.totals;
  const hint =
    run.status === RUN_STATUS.submitted
      ? null
      : run.status === RUN_STATUS.locked
        ? '已锁定：核对无误后点击右上角「提交工资表」，提交后生成工资表；也可「推送工资条」发给员工。'
        : run.status === RUN_STATUS.calculated
          ? '审核无误后点击右上角「锁定」，锁定后不能再修改数据。'
          : '本批次还没有完成计算，请先计算薪资。';
  return (
    <Flex vertical gap={16}>
      {run.status === RUN_STATUS.submitted ? (
        <Panel>
          <Result
            status="success"
            className="run-submitted"
            title="工资表已提交"
            subTitle={`提交时间 ${formatDateTime(run.submittedAt)}，可在工资表中导出银行代发文件，在申报记录中导出个税申报文件。`}
            extra={[
              <Link key="sheet" to={`/generationexpend/mitWagesprisedetal/${run.id}`}>
                <Button type="primary">查看工资表</Button>
              </Link>,
              <Link key="decl" to="/generationexpend/declarationRecords">
                <Button>申报记录</Button>
              </Link>,
            ]}
          />
        </Panel>
      ) : (
        hint && <Alert type={run.status === RUN_STATUS.locked ? 'success' : 'info'} showIcon message={hint} />
      )}
      <Panel title="本月汇总">
        <Descriptions
          bordered
          size="middle"
          column={3}
          className="run-summary"
          items={[
            { key: 'h', label: '算薪人数', children: t ? `${t.headcount} 人` : '—' },
            { key: 'g', label: '应发合计', children: formatMoney(t?.gross) },
            { key: 'n', label: '实发合计', children: formatMoney(t?.net) },
            { key: 'si', label: '社保个人', children: formatMoney(t?.siEmployee) },
            { key: 'hf', label: '公积金个人', children: formatMoney(t?.hfEmployee) },
            { key: 'tax', label: '个税合计', children: formatMoney(t?.tax) },
            { key: 'sie', label: '社保单位', children: formatMoney(t?.siEmployer) },
            { key: 'hfe', label: '公积金单位', children: formatMoney(t?.hfEmployer) },
            { key: 'err', label: '计算出错', children: run.errorCount > 0 ? <span style={{ color: '#cf1322' }}>{run.errorCount} 人</span> : '无' },
            { key: 'c', label: '计算时间', children: formatDateTime(run.calculatedAt) },
            { key: 'l', label: '锁定时间', children: run.status >= RUN_STATUS.locked ? formatDateTime(run.lockedAt) : '—' },
            { key: 's', label: '提交时间', children: formatDateTime(run.submittedAt) },
          ]}
        />
      </Panel>
      <Flex justify="flex-start">
        <Button onClick={() => navigate(runStepPath('review', run.id))}>上一步：审核结果</Button>
      </Flex>
    </Flex>
  );
}
