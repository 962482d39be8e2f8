import type { PayslipAddResult, UnmatchedRow } from '@wfsaas/contracts';
import { Alert, Button, Flex, Space, Statistic, Table } from 'antd';
import { useAction } from '../../app/ui/use-action.ts';
import { EmployeePicker } from '../employees/pickers.tsx';
import { payslipCalls } from './payslips.api.ts';

/** 匹配人员: rows that matched nobody get an employee or are dropped. */
export function MatchStep({ result, onChange, onNext }: { result: PayslipAddResult; onChange: (r: PayslipAddResult) => void; onNext: () => void }) {
  const assign = useAction((row: UnmatchedRow, employeeId: number | null) => payslipCalls.assign(row.payslipId, employeeId), {
    success: (_, __, employeeId) => (employeeId ? '已匹配' : '已删除该行'),
    onSuccess: (_, row, employeeId) =>
      onChange({
        ...result,
        matched: result.matched + (employeeId ? 1 : 0),
        rowCount: result.rowCount - (employeeId ? 0 : 1),
        unmatched: result.unmatched.filter((u) => u.payslipId !== row.payslipId),
      }),
  });
  const busyRow = assign.pendingArgs?.[0].payslipId;
  const left = result.unmatched.length;
  return (
    <Flex vertical gap={16} className="payslip-match-step">
      <Flex gap={48} style={{ padding: '0 8px' }}>
        <Statistic title="数据总行数" value={result.rowCount} />
        <Statistic title="已匹配" value={result.matched} valueStyle={{ color: '#389e0d' }} className="matched-count" />
        <Statistic title="未匹配" value={left} valueStyle={{ color: left > 0 ? '#cf1322' : undefined }} className="unmatched-count" />
      </Flex>
      {left === 0 ? (
        <Alert type="success" showIcon message="全部数据已匹配到员工" />
      ) : (
        <Alert type="warning" showIcon message="以下数据未匹配到员工：请为每行选择对应员工，或删除该行。未处理的行不会发送。" />
      )}
      {left > 0 && <style>{'.unmatched-picker .employee-picker { width: 100%; }'}</style>}
      {left > 0 && (
        <Table<UnmatchedRow>
          rowKey="payslipId"
          size="middle"
          className="unmatched-table"
          dataSource={result.unmatched}
          pagination={{ pageSize: 10, showTotal: (n) => `共 ${n} 条`, hideOnSinglePage: true }}
          columns={[
            { title: '行号', dataIndex: 'rowNo', width: 80 },
            { title: '姓名', dataIndex: 'name', width: 120 },
            { title: '身份信息', dataIndex: 'identity', width: 200 },
            { title: '原因', dataIndex: 'reason', render: (v: string) => <span style={{ color: '#cf1322' }}>{v}</span> },
            {
              title: '操作',
              width: 360,
              render: (_: unknown, r) => (
                <Space>
                  <div style={{ width: 240 }} className="unmatched-picker">
                    <EmployeePicker placeholder="输入姓名搜索并选择员工" onChange={(v) => typeof v === 'number' && void assign.run(r, v)} />
                  </div>
                  <Button type="link" danger disabled={busyRow === r.payslipId} onClick={() => void assign.run(r, null)}>
                    删除该行
                  </Button>
                </Space>
              ),
            },
          ]}
        />
      )}
      <Space>
        <Button type="primary" onClick={onNext} disabled={result.matched === 0} className="match-next">
          下一步
        </Button>
      </Space>
    </Flex>
  );
}
