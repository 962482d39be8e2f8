import { TAX_RULES, type GroupListItem } from '@wfsaas/contracts';
import { App, Button, Empty, Flex, Space, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { usePermissions } from '../../app/routing/PermissionContext.ts';
import { confirmDelete } from '../../app/ui/confirm-delete.ts';
import { formatDateTime } from '../../app/ui/format.ts';
import { PageHeader } from '../../app/ui/PageHeader.tsx';
import { Panel } from '../../app/ui/Panel.tsx';
import { useAction } from '../../app/ui/use-action.ts';
import { toGroupSave } from './group-draft.ts';
import { PolicyDrawer } from './PolicyDrawer.tsx';
import { PAYROLL_PERMISSIONS as P, payrollCalls, useGroups, useInvalidatePayroll } from './payroll.api.ts';

/** /fzsxapp/salaryManagement (薪资组管理): the company's salary groups; create, copy, delete. */
export default function SalaryGroupsPage() {
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const { map } = usePermissions();
  const canEdit = map[P.groupEdit] === true;
  const groups = useGroups();
  const invalidate = useInvalidatePayroll();
  const [copying, setCopying] = useState<number | null>(null);
  const [policiesOpen, setPoliciesOpen] = useState(false);

  const copyGroup = useAction(
    async (g: GroupListItem) => {
      const detail = await payrollCalls.groupDetail(g.id);
      return payrollCalls.saveGroup({ ...toGroupSave(detail), name: `${g.name}（副本）`.slice(0, 40) });
    },
    { success: '复制成功', invalidate },
  );
  const remove = useAction(payrollCalls.removeGroup, { success: '删除成功', invalidate });
  const copy = (g: GroupListItem) => {
    setCopying(g.id);
    return copyGroup.run(g);
  };

  const columns: TableColumnsType<GroupListItem> = [
    { title: '薪资组名称', dataIndex: 'name', width: 220, render: (v: string, r) => <Link to={`/fzsxapp/configSalaryGroup/${r.id}`}>{v}</Link> },
    { title: '人数', dataIndex: 'memberCount', width: 90, align: 'right' },
    { title: '工资项目', dataIndex: 'itemCount', width: 100, align: 'right', render: (v: number) => `${v} 项` },
    { title: '计税规则', dataIndex: 'taxRule', width: 110, render: (v: number) => TAX_RULES.find((t) => t.value === v)?.label ?? '—' },
    { title: '社保城市', dataIndex: 'siCity', width: 110, render: (v: string | null, r) => (r.siBaseRule === 'insured' ? '按参保信息' : (v ?? '不缴纳')) },
    { title: '发薪日', dataIndex: 'payDay', width: 100, render: (v: number) => `每月${v}日` },
    { title: '更新时间', dataIndex: 'updatedAt', width: 160, render: formatDateTime },
    {
      title: '操作',
      key: 'actions',
      width: 170,
      fixed: 'right',
      render: (_: unknown, r) => (
        <Space size={4}>
          <Link to={`/fzsxapp/configSalaryGroup/${r.id}`}>设置</Link>
          {canEdit && (
            <Button type="link" size="small" loading={copyGroup.pending && copying === r.id} onClick={() => void copy(r)}>
              复制
            </Button>
          )}
          {canEdit && (
            <Button type="link" size="small" danger onClick={() => confirmDelete(modal, () => remove.run(r.id), `删除薪资组「${r.name}」后不能恢复。`)}>
              删除
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Flex vertical gap={16} className="salary-groups-page">
      <PageHeader
        title="薪资组管理"
        description="按部门、用工类型划分算薪人员，设置工资项目、公式、计税规则和社保政策。"
        extra={
          <>
            <Button onClick={() => navigate('/fzsxapp/salaryByBatch')}>薪资批次</Button>
            <Button className="policy-open" onClick={() => setPoliciesOpen(true)}>
              社保公积金政策
            </Button>
            {canEdit && (
              <Button type="primary" className="group-create" onClick={() => navigate('/fzsxapp/configSalaryGroup/new')}>
                新增薪资组
              </Button>
            )}
          </>
        }
      />
      <Panel>
        <Table<GroupListItem>
          rowKey="id"
          size="middle"
          className="group-table"
          scroll={{ x: 1060 }}
          loading={groups.isFetching}
          dataSource={groups.data ?? []}
          columns={columns}
          pagination={{ pageSize: 10, showTotal: (t) => `共 ${t} 条`, hideOnSinglePage: false }}
          locale={{
            emptyText: (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无薪资组，点击新增薪资组">
                {canEdit && (
                  <Button type="primary" onClick={() => navigate('/fzsxapp/configSalaryGroup/new')}>
                    新增薪资组
                  </Button>
                )}
              </Empty>
            ),
          }}
        />
      </Panel>
      <PolicyDrawer open={policiesOpen} onClose={() => setPoliciesOpen(false)} />
    </Flex>
  );
}
