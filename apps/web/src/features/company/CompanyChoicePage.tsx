import { BankOutlined, PlusOutlined, RightOutlined } from '@ant-design/icons';
import type { CompanyListEntry } from '@wfsaas/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Avatar, Button, Card, Empty, Flex, Input, Result, Tag, Typography } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { api } from '../../app/api/instance.ts';
import { Logo } from '../../app/layout/Logo.tsx';
import { ENTRY_KEYS } from '../../app/session/entry-query.ts';
import { useCompanies } from '../../app/session/queries.ts';
import { defaultStores, getLastCompany } from '../../app/session/session.ts';
import { notifySessionChanged } from '../../app/session/session-events.ts';
import { useSession } from '../../app/session/SessionProvider.tsx';
import { sessionStore } from '../../app/session/storage.ts';
import { FullPageSpin } from '../../app/ui/FullPageSpin.tsx';
import { signOut } from '../auth/auth-flow.ts';
import { decideCompanyEntry, filterCompanies } from './company-choice.ts';
import { enterCompany } from './enter-company.ts';
import { InvitationList } from './InvitationList.tsx';
import { useMyInvitations } from './invitations.api.ts';

function savedBackAppCompany(): number | null {
  try {
    const v = JSON.parse(sessionStore().getItem(ENTRY_KEYS.backApp) ?? 'null') as { companyId?: number } | null;
    return typeof v?.companyId === 'number' ? v.companyId : null;
  } catch {
    return null;
  }
}

/** /excessive/company: choose the company to work in. */
export default function CompanyChoicePage() {
  const { token, userInfo } = useSession();
  const [params] = useSearchParams();
  const referer = params.get('referer');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const companies = useCompanies();
  const invitations = useMyInvitations();
  const [keyword, setKeyword] = useState('');
  const lastId = userInfo ? getLastCompany(userInfo.sysUser.userId) : null;
  const waiting = invitations.data?.invitations.length ?? 0;
  // invitations that cannot be read do not hold the user back from their companies
  const ready = companies.data && (invitations.data || invitations.isError);
  const decision = useMemo(() => (ready ? decideCompanyEntry(companies.data!, lastId, waiting) : null), [ready, companies.data, lastId, waiting]);

  const choose = (c: CompanyListEntry) => navigate(enterCompany(c.companyId, referer, queryClient), { replace: true });

  // One company: straight in. A saved return-to-app company the user belongs to: straight in too.
  const backAppId = savedBackAppCompany();
  const autoPick = decision?.kind === 'auto' ? decision.company : decision?.kind === 'choose' ? decision.companies.find((c) => c.companyId === backAppId) : undefined;
  const entered = useRef(false);
  useEffect(() => {
    if (!autoPick || entered.current) return;
    entered.current = true;
    choose(autoPick);
    // choose reads the latest referer; one automatic entry per company list
  }, [autoPick?.companyId]);

  if (!token) return <Navigate to="/login" replace />;
  if (companies.isError)
    return (
      <Result
        status="error"
        title="企业列表加载失败"
        extra={
          <Button type="primary" onClick={() => void companies.refetch()}>
            重新加载
          </Button>
        }
      />
    );
  if (!decision || autoPick) return <FullPageSpin tip="正在进入企业…" />;
  if (decision.kind === 'none') return <Navigate to="/noCompany" replace />;
  if (decision.kind !== 'choose') return <FullPageSpin tip="正在进入企业…" />;

  const list = filterCompanies(decision.companies, keyword);
  return (
    <div style={{ minHeight: '100vh', background: 'linear-gradient(180deg,#eaf2ff 0%,#f5f7fa 320px)' }}>
      <Flex justify="space-between" align="center" style={{ padding: '0 24px', height: 64 }}>
        <Logo dark={false} />
        <Button
          type="link"
          onClick={async () => {
            await signOut(api, defaultStores());
            navigate('/login', { replace: true });
            notifySessionChanged();
            queryClient.clear();
          }}
        >
          退出登录
        </Button>
      </Flex>
      <Flex justify="center" style={{ padding: '24px 16px 48px' }}>
        <Card style={{ width: 560, maxWidth: '100%' }} styles={{ body: { padding: 32 } }}>
          <Typography.Title level={3} style={{ marginTop: 0 }}>
            选择企业
          </Typography.Title>
          <Typography.Paragraph type="secondary">
            {userInfo?.sysUser.nickname ? `${userInfo.sysUser.nickname}，` : ''}
            {decision.companies.length > 0 ? `您已加入 ${decision.companies.length} 家企业，请选择要进入的企业。` : '您收到了企业的邀请，加入后即可进入。'}
          </Typography.Paragraph>
          <InvitationList onJoined={(id) => navigate(enterCompany(id, referer, queryClient), { replace: true })} />
          {decision.companies.length > 0 && (
            <>
              <Input.Search placeholder="搜索企业名称" allowClear value={keyword} onChange={(e) => setKeyword(e.target.value)} style={{ marginBottom: 16 }} />
              <Flex vertical gap={12} className="company-list">
                {list.length === 0 && <Empty description="没有找到匹配的企业" />}
                {list.map((c) => (
                  <Card key={c.companyId} hoverable size="small" onClick={() => choose(c)} role="button" aria-label={c.companyName} className="company-card">
                    <Flex align="center" gap={12}>
                      <Avatar shape="square" size={40} src={c.logoUrl ?? undefined} style={{ background: '#1677ff', flex: 'none' }} icon={c.logoUrl ? undefined : <BankOutlined />} />
                      <div style={{ flex: 1, minWidth: 0 }}>
                        <Typography.Text strong ellipsis>
                          {c.companyName}
                        </Typography.Text>
                        <div>
                          {decision.lastCompanyId === c.companyId && <Tag color="blue">上次选择</Tag>}
                          {c.isWb === 1 && <Tag color="purple">外包服务商</Tag>}
                        </div>
                      </div>
                      <RightOutlined style={{ color: '#bfbfbf' }} />
                    </Flex>
                  </Card>
                ))}
              </Flex>
            </>
          )}
          {/* a member of companies creates one from the header of a company they administer (HeaderBar) */}
          {decision.companies.length === 0 && (
            <Button type="dashed" block icon={<PlusOutlined />} style={{ marginTop: 16 }} onClick={() => navigate('/companyGuide')}>
              创建新企业
            </Button>
          )}
        </Card>
      </Flex>
    </div>
  );
}
