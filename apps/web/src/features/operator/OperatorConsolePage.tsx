import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Flex, Result, Space, Tabs, Typography } from 'antd';
import { Suspense } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { api } from '../../app/api/instance.ts';
import { Logo } from '../../app/layout/Logo.tsx';
import { defaultStores, getUserInfo } from '../../app/session/session.ts';
import { notifySessionChanged } from '../../app/session/session-events.ts';
import { useSession } from '../../app/session/SessionProvider.tsx';
import { FullPageSpin } from '../../app/ui/FullPageSpin.tsx';
import { signOut } from '../auth/auth-flow.ts';
import { OPERATOR_PANELS } from './panels.ts';

/**
 * /operator: the platform operator's console, outside the company menus (docs/trade.md#platform-operators).
 * Each duty is a tab; the server refuses every call of a user who is not an operator.
 */
export default function OperatorConsolePage() {
  const { token } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const info = getUserInfo();
  const isOperator = Boolean(token && info?.sysUser.platformOperator);
  const active = OPERATOR_PANELS.some((p) => p.key === params.get('tab')) ? params.get('tab')! : OPERATOR_PANELS[0]!.key;

  const leave = async () => {
    if (token) await signOut(api, defaultStores());
    notifySessionChanged();
    queryClient.clear();
    navigate('/login', { replace: true });
  };

  return (
    <div className="operator-console" style={{ minHeight: '100vh', background: '#f5f7fa' }}>
      <Flex align="center" justify="space-between" style={{ padding: '0 24px', height: 64, background: '#fff', boxShadow: '0 1px 4px rgba(0,21,41,0.06)' }}>
        <Space size={16}>
          <Logo dark={false} />
          <Typography.Text strong style={{ fontSize: 16 }}>
            平台运营后台
          </Typography.Text>
        </Space>
        <Space>
          {info && <Typography.Text type="secondary">{info.sysUser.nickname}</Typography.Text>}
          <Button onClick={() => void leave()}>退出登录</Button>
        </Space>
      </Flex>
      <div style={{ padding: 24 }}>
        {!isOperator ? (
          <Result status="403" title="仅平台运营人员可以访问" subTitle="请使用平台运营账号登录。" extra={<Button onClick={() => void leave()}>重新登录</Button>} />
        ) : (
          <Card>
            <Tabs
              activeKey={active}
              onChange={(key) => setParams({ tab: key }, { replace: true })}
              destroyOnHidden
              items={OPERATOR_PANELS.map((p) => ({
                key: p.key,
                label: p.label,
                children: (
                  <Suspense fallback={<FullPageSpin />}>
                    <p.Panel />
                  </Suspense>
                ),
              }))}
            />
          </Card>
        )}
      </div>
    </div>
  );
}
