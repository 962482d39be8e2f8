import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Result, Space, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { api } from '../../app/api/instance.ts';
import { Logo } from '../../app/layout/Logo.tsx';
import { defaultStores, getUserInfo } from '../../app/session/session.ts';
import { notifySessionChanged } from '../../app/session/session-events.ts';
import { useSession } from '../../app/session/SessionProvider.tsx';
import { signOut } from '../auth/auth-flow.ts';
import { CreateCompanyForm } from './CreateCompanyForm.tsx';
import { enterCompany } from './enter-company.ts';

/** /noCompany: no company (or no permission) — create a company, switch, or sign in again. */
export default function NoCompanyPage() {
  const { token } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const relogin = async () => {
    if (token) await signOut(api, defaultStores());
    navigate('/login', { replace: true });
    notifySessionChanged();
    queryClient.clear();
  };
  return (
    <div style={{ minHeight: '100vh', background: '#f5f7fa' }}>
      <div style={{ padding: '0 24px', height: 64, display: 'flex', alignItems: 'center', background: '#fff', boxShadow: '0 1px 4px rgba(0,21,41,0.06)' }}>
        <Logo dark={false} />
      </div>
      <div style={{ maxWidth: 880, margin: '0 auto', padding: '24px 16px 48px' }}>
        <Result
          status="403"
          title="暂无权限"
          subTitle={token ? '您还没有加入任何企业，或没有访问该企业的权限。可以创建一个新企业，或联系企业管理员邀请您加入。' : '请先登录后再访问。'}
          extra={
            <Space>
              {token && getUserInfo()?.sysUser.platformOperator && (
                <Button type="primary" onClick={() => navigate('/operator')}>
                  进入平台运营后台
                </Button>
              )}
              {token && <Button onClick={() => navigate('/excessive/company')}>选择企业</Button>}
              <Button type={token ? 'default' : 'primary'} onClick={() => void relogin()}>
                {token ? '重新登录' : '去登录'}
              </Button>
            </Space>
          }
        />
        {token && (
          <Card title="创建企业" extra={<Typography.Link onClick={() => navigate('/companyGuide')}>查看开通指引</Typography.Link>}>
            <Typography.Paragraph type="secondary">创建后您将成为该企业的管理员，可邀请同事加入并分配角色权限。</Typography.Paragraph>
            <CreateCompanyForm onCreated={(c) => navigate(enterCompany(c.companyId, '/home', queryClient), { replace: true })} />
          </Card>
        )}
      </div>
    </div>
  );
}
