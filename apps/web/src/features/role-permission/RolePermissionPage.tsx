import { Flex, Tabs } from 'antd';
import { Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { usePermissions } from '../../app/routing/PermissionContext.ts';
import { FullPageSpin } from '../../app/ui/FullPageSpin.tsx';
import { PageHeader } from '../../app/ui/PageHeader.tsx';
import { NoPermissionResult } from '../system/lazy-results.ts';
import { RolesTab } from './RolesTab.tsx';
import { SubAccountsTab } from './SubAccountsTab.tsx';

type TabKey = 'role' | 'subAccount';

/**
 * /implement/rolePermission: roles (their permission trees and data permissions) and sub-accounts
 * (their roles, employee binding and password). The route is open to every member (hasRole); the
 * screen needs rolePermission, and its writes rolePermission.edit.
 */
export default function RolePermissionPage() {
  const { map } = usePermissions();
  const canRead = map.rolePermission === true;
  const canEdit = map['rolePermission.edit'] === true;
  const [params, setParams] = useSearchParams();
  const tab: TabKey = params.get('tab') === 'subAccount' ? 'subAccount' : 'role';

  if (!canRead) {
    return (
      <Suspense fallback={<FullPageSpin />}>
        <NoPermissionResult />
      </Suspense>
    );
  }

  return (
    <Flex vertical gap={16} className="role-permission-page">
      <PageHeader
        title="角色权限"
        description="按岗位设置角色的功能权限与数据权限，再为同事开通子账号并分配角色。"
        footer={
          <Tabs
            activeKey={tab}
            onChange={(k) => setParams(k === 'role' ? {} : { tab: k }, { replace: true })}
            items={[
              { key: 'role', label: '角色管理' },
              { key: 'subAccount', label: '子账号' },
            ]}
            tabBarStyle={{ marginBottom: 0 }}
          />
        }
      />
      {tab === 'role' ? <RolesTab canEdit={canEdit} /> : <SubAccountsTab canEdit={canEdit} />}
    </Flex>
  );
}
