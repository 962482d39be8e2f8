import type { ContractView, EmployeeListItem } from '@wfsaas/contracts';
import { Flex, Input, Spin, Table } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatDate, formatDateTime } from '../../app/ui/format.ts';
import { PageHeader } from '../../app/ui/PageHeader.tsx';
import { Panel } from '../../app/ui/Panel.tsx';
import { StatusTag } from '../../app/ui/StatusTag.tsx';
import { serverPagination } from '../../app/ui/table.ts';
import { useRosterPage } from '../employees/employees.api.ts';
import { DepartmentTreeSelect } from '../employees/pickers.tsx';
import { contractTone } from './contract-format.ts';
import { useEmployeeContracts } from './econtracts.api.ts';

function EmployeeContracts({ employeeId }: { employeeId: number }) {
  const list = useEmployeeContracts(employeeId);
  if (list.isLoading) return <Spin size="small" />;
  return (
    <Table<ContractView>
      rowKey="id"
      size="small"
      pagination={false}
      dataSource={list.data ?? []}
      locale={{ emptyText: '该员工暂无电子合同' }}
      columns={[
        { title: '合同名称', dataIndex: 'title', render: (v: string, r) => <Link to={`/contractManagement/detail/${r.id}`}>{v}</Link> },
        { title: '合同编号', dataIndex: 'contractNo', width: 180 },
        { title: '状态', dataIndex: 'signStatus', width: 110, render: (v: number, r) => <StatusTag tone={contractTone(v)}>{r.signStatusLabel}</StatusTag> },
        { title: '合同期限', key: 'term', width: 210, render: (_: unknown, r) => (r.contractStart || r.contractEnd ? `${formatDate(r.contractStart)} 至 ${formatDate(r.contractEnd)}` : '—') },
        { title: '发起时间', dataIndex: 'initiatedAt', width: 160, render: (v: string) => formatDateTime(v) },
        { title: '完成时间', dataIndex: 'completedAt', width: 160, render: (v: string | null) => formatDateTime(v) },
      ]}
    />
  );
}

/** /peoplelist (合同档案管理): every employee with their electronic contracts. */
export default function PeopleListPage() {
  const [keyword, setKeyword] = useState('');
  const [departmentId, setDepartmentId] = useState<number | null>(null);
  const [paging, setPaging] = useState({ pageNum: 1, pageSize: 10 });
  const roster = useRosterPage({ ...paging, status: [0, 1, 2, 3, 4], includeSubDepartments: true, ...(keyword.trim() ? { keyword: keyword.trim() } : {}), ...(departmentId ? { departmentId } : {}) });
  return (
    <Flex vertical gap={16} className="people-list-page">
      <PageHeader title="合同档案管理" description="按员工查看其全部电子合同；展开一行查看该员工的合同。" />
      <Panel>
        <Flex gap={12} wrap style={{ marginBottom: 16 }}>
          <Input.Search allowClear placeholder="姓名、工号或手机号" style={{ width: 260 }} onSearch={(v) => (setKeyword(v), setPaging((p) => ({ ...p, pageNum: 1 })))} />
          <div style={{ width: 260 }}>
            <DepartmentTreeSelect value={departmentId} onChange={(v) => (setDepartmentId(v), setPaging((p) => ({ ...p, pageNum: 1 })))} placeholder="全部部门" />
          </div>
        </Flex>
        <Table<EmployeeListItem>
          rowKey="id"
          size="middle"
          className="people-table"
          loading={roster.isFetching}
          dataSource={roster.data?.data ?? []}
          expandable={{ expandedRowRender: (r) => <EmployeeContracts employeeId={r.id} /> }}
          pagination={serverPagination(paging, roster.data?.pageMessage, setPaging)}
          columns={[
            { title: '姓名', dataIndex: 'name', width: 120 },
            { title: '工号', dataIndex: 'employeeNo', width: 120, render: (v: string | null) => v ?? '—' },
            { title: '部门', dataIndex: 'departmentName', render: (v: string | null) => v ?? '—' },
            { title: '职位', dataIndex: 'positionName', width: 140, render: (v: string | null) => v ?? '—' },
            { title: '手机号', dataIndex: 'mobileMasked', width: 130 },
            { title: '状态', dataIndex: 'statusName', width: 100 },
            { title: '入职日期', dataIndex: 'hireDate', width: 120, render: (v: string | null) => formatDate(v) },
          ]}
        />
      </Panel>
    </Flex>
  );
}
