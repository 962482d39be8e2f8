import { BankOutlined, CheckOutlined, DownOutlined, KeyOutlined, LogoutOutlined, MenuFoldOutlined, MenuUnfoldOutlined, PlusOutlined, UserOutlined } from '@ant-design/icons';
import { maskPhone, type MenuType } from '@wfsaas/contracts';
import { Avatar, Button, Flex, Menu, Space } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { useCompanies } from '../session/queries.ts';
import { useSession } from '../session/SessionProvider.tsx';
import { menuGroupLabel } from '../menu/menu.ts';
import { MessageBell } from '../../features/messages/MessageBell.tsx';
import { HeaderDropdown } from './HeaderDropdown.tsx';

// the password form is fetched when first opened, not with the header
const OwnPasswordModal = lazy(() => import('../../features/auth/OwnPasswordModal.tsx').then((m) => ({ default: m.OwnPasswordModal })));

type Props = {
  collapsed: boolean;
  onToggle: () => void;
  groups: readonly MenuType[];
  activeGroup: MenuType;
  onGroup: (type: MenuType) => void;
  onSwitchCompany: (companyId: number) => void;
  onSignOut: () => void;
  canOpenMessages: boolean;
  /** 创建新企业 in the company switcher (mayCreateCompany: administrators of the current company). */
  canCreateCompany: boolean;
};

/** The header: menu toggle, product-type switch, company switcher, messages and the user menu. */
export function HeaderBar(p: Props) {
  const { companyId, userInfo } = useSession();
  const companies = useCompanies();
  const current = companies.data?.find((c) => c.companyId === companyId);
  const nickname = userInfo?.sysUser.nickname ?? '';
  const [passwordOpen, setPasswordOpen] = useState(false);

  const companyItems = [
    ...(companies.data ?? []).map((c) => ({
      key: String(c.companyId),
      label: (
        <Flex justify="space-between" gap={16} style={{ minWidth: 220 }}>
          <span>{c.companyName}</span>
          {c.companyId === companyId && <CheckOutlined style={{ color: '#1677ff' }} />}
        </Flex>
      ),
    })),
    ...(p.canCreateCompany ? [{ type: 'divider' as const }, { key: 'create', icon: <PlusOutlined />, label: <Link to="/companyGuide">创建新企业</Link> }] : []),
  ];

  return (
    <Flex align="center" justify="space-between" style={{ height: '100%', gap: 16 }}>
      <Flex align="center" style={{ minWidth: 0, flex: 1 }}>
        <Button type="text" aria-label={p.collapsed ? '展开菜单' : '收起菜单'} icon={p.collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />} onClick={p.onToggle} />
        <Menu
          className="product-switch"
          mode="horizontal"
          selectedKeys={[String(p.activeGroup)]}
          items={p.groups.map((t) => ({ key: String(t), label: menuGroupLabel(t) }))}
          onClick={(e) => p.onGroup(Number(e.key) as MenuType)}
          style={{ flex: 1, minWidth: 0, borderBottom: 'none', lineHeight: '54px', marginInlineStart: 8 }}
        />
      </Flex>
      <Space size={4}>
        <HeaderDropdown
          menu={{
            items: companyItems,
            selectable: true,
            selectedKeys: companyId ? [String(companyId)] : [],
            onClick: (e) => {
              if (e.key !== 'create' && Number(e.key) !== companyId) p.onSwitchCompany(Number(e.key));
            },
          }}
        >
          <Button type="text" className="company-switch" icon={<BankOutlined />}>
            <span style={{ maxWidth: 240, overflow: 'hidden', textOverflow: 'ellipsis', display: 'inline-block', verticalAlign: 'bottom' }}>{current?.companyName ?? '选择企业'}</span>
            <DownOutlined style={{ fontSize: 10 }} />
          </Button>
        </HeaderDropdown>
        <MessageBell canOpenMessages={p.canOpenMessages} />
        <HeaderDropdown
          menu={{
            items: [
              {
                key: 'me',
                disabled: true,
                label: (
                  <div style={{ padding: '4px 0', lineHeight: 1.6 }}>
                    <div style={{ fontWeight: 600, color: 'rgba(0,0,0,0.88)' }}>{nickname}</div>
                    <div style={{ color: 'rgba(0,0,0,0.45)' }}>{maskPhone(userInfo?.sysUser.phoneNumber)}</div>
                  </div>
                ),
              },
              { type: 'divider' },
              { key: 'password', icon: <KeyOutlined />, label: userInfo?.sysUser.hasPassword === false ? '设置登录密码' : '修改登录密码' },
              { key: 'logout', icon: <LogoutOutlined />, label: '退出登录', danger: true },
            ],
            onClick: (e) => {
              if (e.key === 'logout') p.onSignOut();
              if (e.key === 'password') setPasswordOpen(true);
            },
          }}
        >
          <Button type="text" className="user-menu" style={{ height: 40 }}>
            <Avatar size={28} style={{ background: '#1677ff' }} icon={nickname ? undefined : <UserOutlined />}>
              {nickname.slice(0, 1)}
            </Avatar>
            <span style={{ maxWidth: 160, overflow: 'hidden', textOverflow: 'ellipsis', display: 'inline-block', verticalAlign: 'middle' }}>{nickname}</span>
          </Button>
        </HeaderDropdown>
      </Space>
      {passwordOpen && (
        <Suspense fallback={null}>
          <OwnPasswordModal open={passwordOpen} onClose={() => setPasswordOpen(false)} />
        </Suspense>
      )}
    </Flex>
  );
}
