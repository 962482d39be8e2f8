import { EMPLOYEE_STATUSES } from '@wfsaas/contracts';
import { useQuery, keepPreviousData } from '@tanstack/react-query';
import { Form, Input, Select, type TableColumnsType } from 'antd';
import { api } from '../../app/api/instance.ts';
import { useSession } from '../../app/session/SessionProvider.tsx';
import { EMPTY_TEXT, formatDate } from '../../app/ui/format.ts';
import { int, ints, text } from '../../app/ui/list-query.ts';
import { ListScreen } from '../../app/ui/ListScreen.tsx';
import { StatusTag } from '../../app/ui/StatusTag.tsx';
import { useListQuery } from '../../app/ui/use-list-query.ts';
import { EMPLOYEE_API, employeeKeys } from './employees.api.ts';
import { groupQuery, type GroupEmployeeItem } from './group.ts';
import { statusTone } from './roster.ts';

const SCHEMA = { keyword: text, groupCompanyId: int, status: ints };

/** /staffRoll/groupInformation (集团档案): employees across every company whose roster the user may open. */
export default function GroupInformationPage() {
  const { userInfo } = useSession();
  const userId = userInfo?.sysUser.userId ?? null;
  const query = useListQuery({ name: 'groupInformation', schema: SCHEMA });
  const q = { ...query.page, ...groupQuery(query.filters) };
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
    <ListScreen<GroupEmployeeItem, typeof SCHEMA>
      className="group-information"
      title="集团档案"
      description={`您有花名册权限的 ${companies.data?.length ?? 0} 家公司的在职员工（证件号码和手机号脱敏显示）。`}
      query={query}
      formName="group"
      fields={
        <>
          <Form.Item name="keyword" label="关键字">
            <Input placeholder="姓名或工号" allowClear maxLength={50} />
          </Form.Item>
          <Form.Item name="groupCompanyId" label="公司">
            <Select allowClear placeholder="全部公司" options={(companies.data ?? []).map((c) => ({ value: c.companyId, label: c.companyName }))} />
          </Form.Item>
          <Form.Item name="status" label="员工状态">
            <Select mode="multiple" allowClear placeholder="在职（不含已离职）" options={EMPLOYEE_STATUSES.map((s) => ({ value: s.value, label: s.label }))} />
          </Form.Item>
        </>
      }
      table={{ rowKey: (r) => `${r.companyId}:${r.id}`, className: 'group-table', columns, result: list, scroll: { x: 1300 }, empty: '暂无员工' }}
    />
  );
}
