import type { PlanView } from '@wfsaas/contracts';
import { App, Button, Empty, Flex, Space, Table, Tooltip, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { useCanOpen, usePermissions } from '../../app/routing/PermissionContext.ts';
import { confirmDelete } from '../../app/ui/confirm-delete.ts';
import { formatDateTime } from '../../app/ui/format.ts';
import { PageHeader } from '../../app/ui/PageHeader.tsx';
import { Panel } from '../../app/ui/Panel.tsx';
import { useAction } from '../../app/ui/use-action.ts';
import { OS_PERMISSIONS as P, osCalls, useInvalidateOs, usePlans } from './os.api.ts';
import { feeText, planTemplatesPath, vatLabel } from './os-format.ts';
import { PlanDrawer } from './PlanDrawer.tsx';

/** /qtOutsource/allocationPlanConfiguration (方案管理): what clients pay per worker and month, and what the workers are set up with. */
export default function PlanPage() {
  const { modal } = App.useApp();
  const { map } = usePermissions();
  const canOpen = useCanOpen();
  const canEdit = map[P.planEdit] === true;
  const plans = usePlans();
  const invalidate = useInvalidateOs();
  const [editing, setEditing] = useState<PlanView | 'new' | null>(null);
  const save = useAction(osCalls.savePlan, { success: '保存成功', invalidate, onSuccess: () => setEditing(null) });
  const remove = useAction(osCalls.removePlan, { success: '删除成功', invalidate });

  const columns: TableColumnsType<PlanView> = [
    { title: '方案名称', dataIndex: 'name', width: 180, fixed: 'left', ellipsis: true, render: (v: string, r) => (r.remark ? <Tooltip title={r.remark}>{v}</Tooltip> : v) },
    { title: '服务费', key: 'fee', width: 140, align: 'right', render: (_: unknown, r) => <span className="money">{feeText(r)}</span> },
    { title: '增值税', dataIndex: 'vatKind', width: 150, render: vatLabel },
    { title: '薪资组', dataIndex: 'salaryGroupName', width: 120, ellipsis: true, render: (v: string | null) => v ?? '未设置' },
    { title: '参保主体', dataIndex: 'siEntityName', width: 130, ellipsis: true, render: (v: string | null) => v ?? '未设置' },
    {
      title: '合同包',
      dataIndex: 'contractPackageName',
      width: 150,
      ellipsis: true,
      render: (v: string | null, r) =>
        r.contractPackageId && canOpen('outsourceContractTemplatesList') ? (
          <Link to={planTemplatesPath(r.contractPackageId)} className="plan-templates-link">
            {v ?? '查看模板'}
          </Link>
        ) : (
          (v ?? '未设置')
        ),
    },
    { title: '用工单位数', dataIndex: 'clientCount', width: 95, align: 'right' },
    { title: '更新时间', dataIndex: 'updatedAt', width: 145, render: formatDateTime },
    ...(canEdit
      ? [
          {
            title: '操作',
            key: 'actions',
            width: 120,
            fixed: 'right' as const,
            render: (_: unknown, r: PlanView) => (
              <Space size={4} wrap={false}>
                <Button type="link" size="small" className="plan-edit" onClick={() => setEditing(r)}>
                  编辑
                </Button>
                <Button
                  type="link"
                  size="small"
                  danger
                  className="plan-remove"
                  onClick={() => confirmDelete(modal, () => remove.run(r.id), r.clientCount > 0 ? `「${r.name}」正被 ${r.clientCount} 个用工单位使用，请先为这些用工单位更换方案。` : `删除方案「${r.name}」。`)}
                >
                  删除
                </Button>
              </Space>
            ),
          },
        ]
      : []),
  ];

  return (
    <Flex vertical gap={16} className="plan-page">
      <PageHeader
        title="方案管理"
        description="方案约定用工单位每人每月支付的费用：代发工资、单位社保公积金、服务费和增值税，以及派驻人员使用的薪资组、参保主体和劳动合同包。"
        extra={
          canEdit && (
            <Button type="primary" className="plan-create" onClick={() => setEditing('new')}>
              新增方案
            </Button>
          )
        }
      />
      <Panel>
        <Table<PlanView>
          rowKey="id"
          size="middle"
          className="plan-table"
          scroll={{ x: 1120 }}
          loading={plans.isFetching}
          dataSource={plans.data ?? []}
          columns={columns}
          pagination={{ pageSize: 10, showTotal: (t) => `共 ${t} 条`, hideOnSinglePage: true }}
          locale={{
            emptyText: (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={canEdit ? '暂无方案，点击新增方案' : '暂无方案'}>
                {canEdit && (
                  <Button type="primary" onClick={() => setEditing('new')}>
                    新增方案
                  </Button>
                )}
              </Empty>
            ),
          }}
        />
      </Panel>
      <PlanDrawer open={editing !== null} plan={editing === 'new' ? null : editing} onClose={() => setEditing(null)} onSubmit={save.run} />
    </Flex>
  );
}
