import { EMPLOYEE_STATUSES } from '@wfsaas/contracts';
import { useQuery, keepPreviousData } from '@tanstack/react-query';
import { Empty, Flex, Form, Input, Select, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { api } from '../../app/api/instance.ts';
import { useSession } from '../../app/session/SessionProvider.tsx';
import { EMPTY_TEXT, formatDate } from '../../app/ui/format.ts';
import { PageHeader } from '../../app/ui/PageHeader.tsx';
import { Panel } from '../../app/ui/Panel.tsx';
import { QueryForm } from '../../app/ui/QueryForm.tsx';
import { StatusTag } from '../../app/ui/StatusTag.tsx';
import { serverPagination, type PageQuery } from '../../app/ui/table.ts';
import { EMPLOYEE_API, employeeKeys } from './employees.api.ts';
import { groupQuery, type GroupEmployeeItem, type GroupFilterValues } from './group.ts';
import { statusTone } from './roster.ts';

/** /staffRoll/groupInformation (集团档案): employees across every company whose roster the user may open. */
export default function GroupInformationPage() {
  const { userInfo } = useSession();
  const userId = userInfo?.sysUser.userId ?? null;
  const [form] = Form.useForm<GroupFilterValues>();
  const [filters, setFilters] = useState<GroupFilterValues>({});
  const [paging, setPaging] = useState<PageQuery>({ pageNum: 1, pageSize: 10 });
  const q = { ...paging, ...groupQuery(filters) };
  const companies = useQuery({
    queryKey: employeeKeys.group(userId, 'companies'),
    queryFn: () => api.post<{ companyId: number; companyName: string }[]>(EMPLOYEE_API.groupCompanies),
  });
  const list = useQuery({ queryKey: employeeKeys.group(userId, q), queryFn: () => api.postList<GroupEmployeeItem>(EMPLOYEE_API.groupPageList, q), placeholderData: keepPreviousData, staleTime: 0 });

  const columns: TableColumnsType<GroupEmployeeItem> = [
    { title: '公司', dataIndex: 'companyName', width: 220, ellipsis: true },
    { title: '姓名', dataIndex: 'name', width: 110 },
    { title: '工号', dataIndex: 'employeeNo', width: 110, render: (v: string | null) => v ?? EMPTY_TEXT },
    { title: '部门', dataIndex: 'departmentName', width: 150, render: (v: string | null) => v ?? EMPTY_TEXT },
    { title: '岗位', dataIndex: 'positionName', width: 130, render: (v: string | null) => v ?? EMPTY_TEXT },
    { title: '手机号', dataIndex: 'mobileMasked', width: 130, render: (v: string) => v || EMPTY_TEXT },
    { title: '证件号码', dataIndex: 'idNumberMasked', width: 190, render: (v: string) => v || EMPTY_TEXT },
    { title: '用工类型', dataIndex: 'employmentTypeName', width: 100, render: (v: string) => v || EMPTY_TEXT },
    { title: '员工状态', dataIndex: 'status', width: 100, render: (_: unknown, r) => <StatusTag tone={statusTone(r.status)}>{r.statusName}</StatusTag> },
    { title: '入职日期', dataIndex: 'hireDate', width: 110, render: (v: string | null) => formatDate(v) },
  ];

  return (
    <Flex vertical gap={16} className="group-information">
      <PageHeader title="集团档案" description={`您有花名册权限的 ${companies.data?.length ?? 0} 家公司的在职员工（证件号码和手机号脱敏显示）。`} />
      <Panel bodyStyle={{ paddingBottom: 0 }}>
        <QueryForm<GroupFilterValues>
          form={form}
          name="group"
          onSearch={(v) => {
            setPaging((p) => ({ ...p, pageNum: 1 }));
            setFilters(v);
          }}
        >
          <Form.Item name="keyword" label="关键字">
            <Input placeholder="姓名或工号" allowClear maxLength={50} />
          </Form.Item>
          <Form.Item name="groupCompanyId" label="公司">
            <Select allowClear placeholder="全部公司" options={(companies.data ?? []).map((c) => ({ value: c.companyId, label: c.companyName }))} />
          </Form.Item>
          <Form.Item name="status" label="员工状态">
            <Select mode="multiple" allowClear placeholder="在职（不含已离职）" options={EMPLOYEE_STATUSES.map((s) => ({ value: s.value, label: s.label }))} />
          </Form.Item>
        </QueryForm>
      </Panel>
      <Panel>
        <Table<GroupEmployeeItem>
          rowKey={(r) => `${r.companyId}:${r.id}`}
          size="middle"
          className="group-table"
          columns={columns}
          dataSource={list.data?.data ?? []}
          loading={list.isFetching}
          scroll={{ x: 1300 }}
          pagination={serverPagination(paging, list.data?.pageMessage, setPaging)}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无员工" /> }}
        />
      </Panel>
    </Flex>
  );
}
