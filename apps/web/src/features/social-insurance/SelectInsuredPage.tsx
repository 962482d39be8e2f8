import { WarningOutlined } from '@ant-design/icons';
import type { EntityView } from '@wfsaas/contracts';
import { App, Button, Empty, Flex, Space, Table, Tag, Tooltip, type TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import { usePermissions } from '../../app/routing/PermissionContext.ts';
import { confirmDelete } from '../../app/ui/confirm-delete.ts';
import { PageHeader } from '../../app/ui/PageHeader.tsx';
import { Panel } from '../../app/ui/Panel.tsx';
import { useAction } from '../../app/ui/use-action.ts';
import { effectiveEntity } from './current-entity.ts';
import { EntityDrawer } from './EntityDrawer.tsx';
import { managedByText } from './entity-form.ts';
import { LayoutDrawer } from './LayoutDrawer.tsx';
import { boundsText } from './si-format.ts';
import { SI_PERMISSIONS as P, siCalls, useEntities, useInvalidateSi } from './si.api.ts';
import { useCurrentEntity } from './use-current-entity.ts';

/** /taxReturn/selectInsured (选择参保主体): the company's social-insurance accounts, the one HR works on, the portal templates. */
export default function SelectInsuredPage() {
  const { modal } = App.useApp();
  const { map } = usePermissions();
  const canEdit = map[P.entityEdit] === true;
  const entities = useEntities();
  const invalidate = useInvalidateSi();
  const [stored, setCurrent] = useCurrentEntity();
  const current = effectiveEntity(stored, entities.data ?? null);
  const [editing, setEditing] = useState<EntityView | 'new' | null>(null);
  const [layoutsOpen, setLayoutsOpen] = useState(false);
  const save = useAction(siCalls.saveEntity, { success: '保存成功', invalidate, onSuccess: () => setEditing(null) });
  const remove = useAction(siCalls.removeEntity, { success: '删除成功', invalidate });
  const cities = useMemo(() => [...new Set((entities.data ?? []).map((e) => e.city))], [entities.data]);

  const columns: TableColumnsType<EntityView> = [
    {
      title: '主体名称',
      dataIndex: 'name',
      width: 230,
      fixed: 'left',
      render: (v: string, r) => (
        <Space size={4} wrap>
          <span>{v}</span>
          {r.isDefault && <Tag color="blue">默认</Tag>}
          {r.id === current && <Tag color="green">当前</Tag>}
        </Space>
      ),
    },
    { title: '参保城市', dataIndex: 'city', width: 90 },
    { title: '社保登记号', dataIndex: 'siAccountNo', width: 130, render: (v: string) => v || '—' },
    { title: '公积金账号', dataIndex: 'hfAccountNo', width: 130, render: (v: string) => v || '—' },
    { title: '办理方式', key: 'managedBy', width: 150, ellipsis: true, render: (_: unknown, r) => managedByText(r) },
    { title: '申报截止日', dataIndex: 'deadlineDay', width: 100, render: (v: number) => `每月${v}日` },
    { title: '参保人数', dataIndex: 'insuredCount', width: 90, align: 'right' },
    {
      title: '本月社保基数',
      key: 'si',
      width: 210,
      render: (_: unknown, r) =>
        r.policy ? (
          <span className="money">{boundsText(r.policy.siFloor, r.policy.siCeiling)}</span>
        ) : (
          <Tooltip title={r.policyError ?? '该城市暂无社保公积金政策'}>
            <span style={{ color: '#d46b08' }} className="policy-error">
              <WarningOutlined /> {r.policyError ?? '暂无政策'}
            </span>
          </Tooltip>
        ),
    },
    { title: '本月公积金基数', key: 'hf', width: 210, render: (_: unknown, r) => (r.policy ? <span className="money">{boundsText(r.policy.hfFloor, r.policy.hfCeiling)}</span> : '—') },
    {
      title: '操作',
      key: 'actions',
      width: 180,
      fixed: 'right',
      render: (_: unknown, r) => (
        <Space size={4} wrap={false}>
          {r.id === current ? (
            <Button type="link" size="small" disabled>
              当前主体
            </Button>
          ) : (
            <Button type="link" size="small" className="entity-current" onClick={() => setCurrent(r.id)}>
              设为当前
            </Button>
          )}
          {canEdit && (
            <Button type="link" size="small" className="entity-edit" onClick={() => setEditing(r)}>
              编辑
            </Button>
          )}
          {canEdit && (
            <Button
              type="link"
              size="small"
              danger
              onClick={() => confirmDelete(modal, () => remove.run(r.id), r.insuredCount > 0 ? `「${r.name}」下有 ${r.insuredCount} 名参保员工，请先将他们转到其他主体或办理减员。` : `删除参保主体「${r.name}」。`)}
            >
              删除
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Flex vertical gap={16} className="select-insured-page">
      <PageHeader
        title="选择参保主体"
        description="每个参保主体是企业在一个城市的社保、公积金账户；设为当前的主体会作为进度速查、员工参保信息和参保记录的默认筛选。"
        extra={
          <>
            <Button className="layout-open" onClick={() => setLayoutsOpen(true)}>
              申报模板
            </Button>
            {canEdit && (
              <Button type="primary" className="entity-create" onClick={() => setEditing('new')}>
                新增参保主体
              </Button>
            )}
          </>
        }
      />
      <Panel>
        <Table<EntityView>
          rowKey="id"
          size="middle"
          className="entity-table"
          scroll={{ x: 1530 }}
          loading={entities.isFetching}
          dataSource={entities.data ?? []}
          columns={columns}
          pagination={{ pageSize: 10, showTotal: (t) => `共 ${t} 条`, hideOnSinglePage: true }}
          rowClassName={(r) => (r.policyError ? 'entity-policy-error' : '')}
          locale={{
            emptyText: (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无参保主体，点击新增参保主体">
                {canEdit && (
                  <Button type="primary" onClick={() => setEditing('new')}>
                    新增参保主体
                  </Button>
                )}
              </Empty>
            ),
          }}
        />
      </Panel>
      <EntityDrawer open={editing !== null} entity={editing === 'new' ? null : editing} cities={cities} onClose={() => setEditing(null)} onSubmit={save.run} />
      <LayoutDrawer open={layoutsOpen} onClose={() => setLayoutsOpen(false)} canEdit={canEdit} cities={cities} />
    </Flex>
  );
}
