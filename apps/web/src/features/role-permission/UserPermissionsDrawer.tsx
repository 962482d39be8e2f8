import type { SubAccountItem, UserPermissionEntry } from '@wfsaas/contracts';
import { Drawer, Flex, Table, Tag, type TableColumnsType } from 'antd';
import { isActionKey, permissionSourceText } from './permission-source.ts';
import { useUserPermissions } from './role-permission.api.ts';

/** A member's effective permissions (permission/user/list) and where each comes from. Read-only. */
export function UserPermissionsDrawer({ account, onClose }: { account: SubAccountItem | null; onClose: () => void }) {
  const list = useUserPermissions(account?.userId ?? null);
  const rows = list.data ?? [];
  const actions = rows.filter((r) => isActionKey(r.key)).length;
  const columns: TableColumnsType<UserPermissionEntry> = [
    { title: '权限', dataIndex: 'title' },
    {
      title: '类型',
      key: 'type',
      width: 90,
      render: (_: unknown, r) =>
        isActionKey(r.key) ? (
          <Tag color="blue" variant="filled">
            操作
          </Tag>
        ) : (
          <Tag variant="filled">菜单</Tag>
        ),
    },
    { title: '来源', key: 'source', render: (_: unknown, r) => permissionSourceText(r) },
  ];
  return (
    <Drawer title={account ? `权限明细 · ${account.nickname}` : '权限明细'} open={account !== null} size={640} onClose={onClose} destroyOnHidden className="user-permissions-drawer">
      <Flex vertical gap={12}>
        <span style={{ color: 'rgba(0,0,0,0.45)' }}>
          共 {rows.length - actions} 个菜单、{actions} 项操作。权限来自所分配的角色；如需调整，请修改角色或为其分配其他角色。
        </span>
        <Table<UserPermissionEntry>
          rowKey="key"
          size="small"
          columns={columns}
          dataSource={rows}
          loading={list.isLoading}
          pagination={false}
          locale={{ emptyText: '该账号暂无任何权限，可通过「分配角色」授予' }}
        />
      </Flex>
    </Drawer>
  );
}
