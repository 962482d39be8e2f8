import { PlusOutlined } from '@ant-design/icons';
import type { RoleListItem } from '@wfsaas/contracts';
import { App, Button, Empty, Form, Input, Space, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { confirmDelete } from '../../app/ui/confirm-delete.ts';
import { EMPTY_TEXT, formatDateTime } from '../../app/ui/format.ts';
import { Panel } from '../../app/ui/Panel.tsx';
import { text, type FiltersOf } from '../../app/ui/list-query.ts';
import { ListTable } from '../../app/ui/ListTable.tsx';
import { QueryForm } from '../../app/ui/QueryForm.tsx';
import { useAction } from '../../app/ui/use-action.ts';
import { useListQuery } from '../../app/ui/use-list-query.ts';
import { DataPermissionDrawer } from './DataPermissionDrawer.tsx';
import { PermissionDrawer } from './PermissionDrawer.tsx';
import { RoleFormDrawer } from './RoleFormDrawer.tsx';
import { rpCalls, useInvalidateRp, useRolesPage } from './role-permission.api.ts';

const SCHEMA = { name: text };
type Filters = FiltersOf<typeof SCHEMA>;

/** The roles of the company: list, create/edit, permission tree, data permissions, remove. */
export function RolesTab({ canEdit }: { canEdit: boolean }) {
  const { modal } = App.useApp();
  const query = useListQuery({ name: 'roles', schema: SCHEMA });
  const roles = useRolesPage(query.params);
  const [editing, setEditing] = useState<RoleListItem | 'new' | null>(null);
  const [permissionRole, setPermissionRole] = useState<{ id: number; name: string } | null>(null);
  const [dataRole, setDataRole] = useState<RoleListItem | null>(null);
  const remove = useAction(rpCalls.removeRole, { success: '操作成功', invalidate: useInvalidateRp() });
  const filtered = !!query.params.name;

  const onRemove = (r: RoleListItem) =>
    confirmDelete(
      modal,
      () => remove.run(r.id),
      r.userCount > 0 ? `删除角色「${r.name}」后，持有该角色的 ${r.userCount} 名成员将失去它的权限。` : `删除角色「${r.name}」后不可恢复。`,
    );

  const columns: TableColumnsType<RoleListItem> = [
    { title: '角色名称', dataIndex: 'name', width: 200, render: (v: string) => <span style={{ fontWeight: 500 }}>{v}</span> },
    { title: '角色描述', dataIndex: 'description', ellipsis: true, render: (v: string | null) => v || <span style={{ color: 'rgba(0,0,0,0.25)' }}>{EMPTY_TEXT}</span> },
    { title: '成员数', dataIndex: 'userCount', width: 100, align: 'right' },
    { title: '功能权限数', dataIndex: 'permissionCount', width: 120, align: 'right' },
    { title: '更新时间', dataIndex: 'updatedAt', width: 170, render: (v: string) => formatDateTime(v) },
    {
      title: '操作',
      key: 'actions',
      fixed: 'right',
      width: canEdit ? 260 : 170,
      render: (_: unknown, r) => (
        <Space size={0} separator={<span style={{ color: '#f0f0f0' }}>|</span>} className="row-actions">
          {canEdit && (
            <Button type="link" size="small" onClick={() => setEditing(r)}>
              编辑
            </Button>
          )}
          <Button type="link" size="small" onClick={() => setPermissionRole(r)}>
            {canEdit ? '权限设置' : '查看权限'}
          </Button>
          <Button type="link" size="small" onClick={() => setDataRole(r)}>
            数据权限
          </Button>
          {canEdit && (
            <Button type="link" size="small" danger onClick={() => onRemove(r)}>
              删除
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <>
      <Panel bodyStyle={{ paddingBottom: 0 }}>
        <QueryForm<Filters> name="roleQuery" values={query.filters} onSearch={query.search}>
          <Form.Item name="name" label="角色名称">
            <Input placeholder="请输入角色名称" allowClear maxLength={30} />
          </Form.Item>
        </QueryForm>
      </Panel>
      <Panel
        title="角色列表"
        extra={
          canEdit && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
              新增角色
            </Button>
          )
        }
        bodyStyle={{ paddingTop: 8 }}
      >
        <ListTable<RoleListItem, typeof SCHEMA>
          query={query}
          result={roles}
          rowKey="id"
          className="roles-table"
          columns={columns}
          scroll={{ x: 960 }}
          locale={{
            emptyText: (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={filtered ? '没有符合条件的角色，请调整查询条件' : canEdit ? '暂无角色，点击「新增角色」按岗位创建' : '暂无角色'}>
                {!filtered && canEdit && (
                  <Button type="primary" onClick={() => setEditing('new')}>
                    新增角色
                  </Button>
                )}
              </Empty>
            ),
          }}
        />
        {!canEdit && (
          <Typography.Text type="secondary" style={{ display: 'block', marginTop: 8 }}>
            您可以查看角色与权限；如需修改，请联系企业管理员开通「编辑角色与权限」。
          </Typography.Text>
        )}
      </Panel>
      <RoleFormDrawer
        role={editing === 'new' ? null : editing}
        open={editing !== null}
        onClose={() => setEditing(null)}
        onCreated={(r) => {
          setEditing(null);
          setPermissionRole({ id: r.id, name: r.name });
        }}
      />
      <PermissionDrawer role={permissionRole} readOnly={!canEdit} onClose={() => setPermissionRole(null)} />
      <DataPermissionDrawer role={dataRole} readOnly={!canEdit} onClose={() => setDataRole(null)} />
    </>
  );
}
