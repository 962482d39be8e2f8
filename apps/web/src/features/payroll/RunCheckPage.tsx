import { CHECK_KINDS, type RunCheckFinding, type RunView } from '@wfsaas/contracts';
import { Alert, Badge, Button, Collapse, Empty, Flex, Result, Spin, Table } from 'antd';
import { useNavigate } from 'react-router';
import { Panel } from '../../app/ui/Panel.tsx';
import { useRunCheck } from './payroll.api.ts';
import { RunFrame } from './RunFrame.tsx';
import { runStepPath } from './run-steps.ts';

/** Check kinds that do not stop a calculation but deserve a look (the rest need data first). */
const NOTICE_KINDS = new Set(['joinLeave', 'payChange', 'payImported', 'bigChange']);

/** /fzsxapp/checkDataIntegrity/:id (数据校验): the run's findings grouped by kind. */
export default function RunCheckPage() {
  return <RunFrame step="check">{(run) => <CheckStep run={run} />}</RunFrame>;
}

function CheckStep({ run }: { run: RunView }) {
  const navigate = useNavigate();
  const check = useRunCheck(run.id, true);
  const findings = check.data?.findings ?? [];
  const groups = CHECK_KINDS.map((k) => ({ ...k, rows: findings.filter((f) => f.kind === k.key) })).filter((g) => g.rows.length > 0);

  return (
    <Flex vertical gap={16}>
      <Panel title="校验结果" extra={<Button onClick={() => void check.refetch()} loading={check.isFetching}>重新校验</Button>}>
        {check.isLoading ? (
          <Spin style={{ display: 'block', margin: '40px auto' }} />
        ) : !check.data ? (
          <Empty description="校验结果暂时无法读取，请点击重新校验" />
        ) : groups.length === 0 ? (
          <Result status="success" className="check-passed" title="数据完整，校验通过" subTitle={`本月算薪人数 ${check.data.memberCount} 人，没有发现问题。`} />
        ) : (
          <Flex vertical gap={16} className="check-findings">
            <Alert
              type="warning"
              showIcon
              message={`本月算薪人数 ${check.data.memberCount} 人，发现 ${findings.length} 条需要关注的问题。`}
              description="缺少数据的员工可回到「导入数据」补充；月中入离职会按在职工作日折算，变动较大的请在审核时核对。"
            />
            <Collapse
              defaultActiveKey={groups.map((g) => g.key)}
              items={groups.map((g) => ({
                key: g.key,
                label: (
                  <Flex gap={8} align="center">
                    <span>{g.label}</span>
                    <Badge count={g.rows.length} overflowCount={9999} color={NOTICE_KINDS.has(g.key) ? '#faad14' : '#ff4d4f'} />
                  </Flex>
                ),
                children: (
                  <Table<RunCheckFinding>
                    rowKey={(r) => `${r.kind}-${r.employeeId}`}
                    size="small"
                    dataSource={g.rows}
                    pagination={g.rows.length > 10 ? { pageSize: 10, showTotal: (t) => `共 ${t} 条` } : false}
                    columns={[
                      { title: '工号', dataIndex: 'employeeNo', width: 140, render: (v: string | null) => v ?? '—' },
                      { title: '姓名', dataIndex: 'name', width: 140 },
                      { title: '说明', dataIndex: 'message' },
                    ]}
                  />
                ),
              }))}
            />
          </Flex>
        )}
      </Panel>
      <Flex justify="space-between">
        <Button onClick={() => navigate(runStepPath('import', run.id))}>上一步：导入数据</Button>
        <Button type="primary" className="run-next" onClick={() => navigate(runStepPath('calculate', run.id))}>
          下一步：计算薪资
        </Button>
      </Flex>
    </Flex>
  );
}
