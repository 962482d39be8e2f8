import { DownOutlined, PlusOutlined } from '@ant-design/icons';
import type { SubAccountItem } from '@wfsaas/contracts';
import { App, Avatar, Button, Dropdown, Empty, Flex, Form, Input, Space, Tag, type MenuProps, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { confirmDelete } from '../../app/ui/confirm-delete.ts';
import { formatDateTime } from '../../app/ui/format.ts';
import { Panel } from '../../app/ui/Panel.tsx';
import { text, type FiltersOf } from '../../app/ui/list-query.ts';
import { ListTable } from '../../app/ui/ListTable.tsx';
import { QueryForm } from '../../app/ui/QueryForm.tsx';
import { useAction } from '../../app/ui/use-action.ts';
import { useListQuery } from '../../app/ui/use-list-query.ts';
import { BindEmployeeModal } from './BindEmployeeModal.tsx';
import { InvitationsPanel } from './InvitationsPanel.tsx';
import { ResetPasswordModal } from './ResetPasswordModal.tsx';
import { rpCalls, useInvalidateRp, useSelfMember, useSubAccountsPage } from './role-permission.api.ts';
import { SubAccountFormDrawer } from './SubAccountFormDrawer.tsx';
import { UserPermissionsDrawer } from './UserPermissionsDrawer.tsx';
import { UserRolesModal } from './UserRolesModal.tsx';

const SCHEMA = { keyword: text };
type Filters = FiltersOf<typeof SCHEMA>;
type Dialog = { kind: 'form' | 'roles' | 'password' | 'bind' | 'permissions'; account: SubAccountItem | null };

const muted = { color: 'rgba(0,0,0,0.25)' } as const;

/** The company's sub-accounts: list, create/edit, roles, employee binding, password reset, remove. */
export function SubAccountsTab({ canEdit }: { canEdit: boolean }) {
  const { modal } = App.useApp();
  const query = useListQuery({ name: 'subAccounts', schema: SCHEMA });
  const accounts = useSubAccountsPage(query.params);
  const self = useSelfMember(canEdit);
  const isAdmin = self.data?.isAdmin === true;
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const invalidate = useInvalidateRp();
  const remove = useAction(rpCalls.removeSubAccount, { success: '操作成功', invalidate });
  const unbind = useAction(rpCalls.unbindEmployee, { success: '操作成功', invalidate });
  const filtered = !!query.params.keyword;

  const open = (kind: Dialog['kind'], account: SubAccountItem | null) => setDialog({ kind, account });
  const close = () => setDialog(null);

  const onMore = (a: SubAccountItem, key: string) => {
    switch (key) {
      case 'permissions':
      case 'password':
      case 'bind':
        return open(key, a);
      case 'unbind':
        return modal.confirm({
          title: '确认解除绑定?',
          content: `解除后，「${a.nickname}」的账号将不再关联员工「${a.employeeName ?? a.employeeId}」。`,
          okText: '确定',
          cancelText: '取消',
          type: 'warning',
          onOk: () => unbind.run(a.userId),
        });
      case 'remove':
        return confirmDelete(
          modal,
          () => remove.run(a.userId),
          `删除后「${a.nickname}」将不能再登录本企业，其角色与直接授权一并移除。`,
        );
    }
  };

  const moreItems = (a: SubAccountItem): MenuProps['items'] => [
    { key: 'permissions', label: '查看权限' },
    ...(canEdit
      ? [
          ...(isAdmin ? [{ key: 'password', label: '重置密码' }] : []),
          a.employeeId ? { key: 'unbind', label: '解除员工绑定' } : { key: 'bind', label: '绑定员工' },
          { type: 'divider' as const },
          { key: 'remove', label: '删除', danger: true },
        ]
      : []),
  ];

  const columns: TableColumnsType<SubAccountItem> = [
    {
      title: '姓名',
      dataIndex: 'nickname',
      width: 200,
      render: (v: string) => (
        <Flex align="center" gap={8}>
          <Avatar size={28} style={{ background: '#e6f4ff', color: '#1677ff', flex: 'none' }}>
            {v.slice(0, 1)}
          </Avatar>
          <span style={{ fontWeight: 500 }}>{v}</span>
        </Flex>
      ),
    },
    { title: '手机号', dataIndex: 'phone', width: 140 },
    {
      title: '角色',
      dataIndex: 'roles',
      render: (roles: SubAccountItem['roles']) =>
        roles.length === 0 ? (
          <span style={muted}>未分配</span>
        ) : (
          <Flex gap={4} wrap>
            {roles.map((r) => (
              <Tag key={r.id} color="blue" variant="filled" style={{ marginInlineEnd: 0 }}>
                {r.name}
              </Tag>
            ))}
          </Flex>
        ),
    },
    {
      title: '绑定员工',
      key: 'employee',
      width: 160,
      render: (_: unknown, a) => (a.employeeId ? `${a.employeeName ?? '员工'}（ID ${a.employeeId}）` : <span style={muted}>未绑定</span>),
    },
    { title: '创建时间', dataIndex: 'createdAt', width: 170, render: (v: string) => formatDateTime(v) },
    {
      title: '操作',
      key: 'actions',
      fixed: 'right',
      width: canEdit ? 220 : 110,
      render: (_: unknown, a) => (
        <Space size={0} separator={<span style={{ color: '#f0f0f0' }}>|</span>} className="row-actions">
          {canEdit && (
            <Button type="link" size="small" onClick={() => open('form', a)}>
              编辑
            </Button>
          )}
          {canEdit && (
            <Button type="link" size="small" onClick={() => open('roles', a)}>
              分配角色
            </Button>
          )}
          <Dropdown trigger={['click']} menu={{ items: moreItems(a), onClick: (e) => onMore(a, e.key) }}>
            <Button type="link" size="small">
              更多 <DownOutlined style={{ fontSize: 10 }} />
            </Button>
          </Dropdown>
        </Space>
      ),
    },
  ];

  return (
    <>
      <Panel bodyStyle={{ paddingBottom: 0 }}>
        <QueryForm<Filters> name="subAccountQuery" values={query.filters} onSearch={query.search}>
          <Form.Item name="keyword" label="姓名/手机号">
            <Input placeholder="请输入姓名或完整手机号" allowClear maxLength={30} />
          </Form.Item>
        </QueryForm>
      </Panel>
      <Panel
        title="子账号列表"
        extra={
          canEdit && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => open('form', null)}>
              邀请子账号
            </Button>
          )
        }
        bodyStyle={{ paddingTop: 8 }}
      >
        <ListTable<SubAccountItem, typeof SCHEMA>
          query={query}
          result={accounts}
          rowKey="userId"
          className="sub-accounts-table"
          columns={columns}
          scroll={{ x: 1000 }}
          locale={{
            emptyText: (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={filtered ? '没有符合条件的子账号，请调整查询条件' : canEdit ? '暂无子账号，点击「邀请子账号」邀请同事加入' : '暂无子账号'}>
                {!filtered && canEdit && (
                  <Button type="primary" onClick={() => open('form', null)}>
                    邀请子账号
                  </Button>
                )}
              </Empty>
            ),
          }}
        />
      </Panel>
      <InvitationsPanel canEdit={canEdit} />
      <SubAccountFormDrawer open={dialog?.kind === 'form'} account={dialog?.kind === 'form' ? dialog.account : null} onClose={close} />
      <UserRolesModal account={dialog?.kind === 'roles' ? dialog.account : null} onClose={close} />
      <ResetPasswordModal account={dialog?.kind === 'password' ? dialog.account : null} onClose={close} />
      <BindEmployeeModal account={dialog?.kind === 'bind' ? dialog.account : null} onClose={close} />
      <UserPermissionsDrawer account={dialog?.kind === 'permissions' ? dialog.account : null} onClose={close} />
    </>
  );
}
