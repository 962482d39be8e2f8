import { Empty, Table, type TableColumnsType } from 'antd';
import type { LabourContractView } from '@wfsaas/contracts';
import { EMPTY_TEXT, formatDate } from '../../app/ui/format.ts';
import { StatusTag } from '../../app/ui/StatusTag.tsx';
import { contractTerm } from './conversion.ts';
import { useEmployeeContracts } from './lifecycle.api.ts';

/** The employee file's 合同 tab: every labour contract of the employee, the current one first. */
export function EmployeeContractsList({ employeeId }: { employeeId: number }) {
  const contracts = useEmployeeContracts(employeeId);
  const columns: TableColumnsType<LabourContractView> = [
    { title: '合同类型', dataIndex: 'typeLabel', width: 190 },
    { title: '合同期限', key: 'term', render: (_: unknown, k) => contractTerm(k) },
    { title: '合同编号', dataIndex: 'contractNo', width: 130, render: (v: string | null) => v ?? EMPTY_TEXT },
    { title: '签订日期', dataIndex: 'signDate', width: 110, render: (v: string | null) => formatDate(v) },
    { title: '状态', dataIndex: 'statusLabel', width: 110, render: (v: string, k) => <StatusTag tone={k.status === 1 ? 'success' : 'default'}>{v}</StatusTag> },
  ];
  return (
    <Table<LabourContractView>
      rowKey="id"
      size="small"
      className="employee-contracts"
      columns={columns}
      dataSource={contracts.data ?? []}
      loading={contracts.isFetching}
      pagination={false}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无劳动合同，可在「合同续签」中新增" /> }}
    />
  );
}
