import { RightOutlined } from '@ant-design/icons';
import { boardHref, maskPhone } from '@wfsaas/contracts';
import { Avatar, Col, Flex, Row, Spin, Tag } from 'antd';
import dayjs from 'dayjs';
import { lazy, Suspense, useMemo } from 'react';
import { Link } from 'react-router';
import { RouteIcon } from '../../app/layout/icons.tsx';
import { menuShortcuts } from '../../app/menu/menu.ts';
import { useCanOpen, usePermissions } from '../../app/routing/PermissionContext.ts';
import { useScreens } from '../../app/routing/ScreensContext.ts';
import { useCurrentCompany } from '../../app/session/queries.ts';
import { useSession } from '../../app/session/SessionProvider.tsx';
import { Panel } from '../../app/ui/Panel.tsx';
import { useServiceBoard } from './board.api.ts';
import { riskChoices } from './board.ts';

// the table and the charts are their own chunks: the first load of /home carries neither antd's Table nor ECharts
// The board's pieces wait for their data anyway: their code is fetched meanwhile, not before /home shows.
const BoardGrid = lazy(() => import('./BoardGrid.tsx').then((m) => ({ default: m.BoardGrid })));
const FiguresPanel = lazy(() => import('./FiguresPanel.tsx').then((m) => ({ default: m.FiguresPanel })));
const SiBoardCard = lazy(() => import('./SiBoardCard.tsx').then((m) => ({ default: m.SiBoardCard })));
const RiskPanel = lazy(() => import('./RiskPanel.tsx'));
const StructureCharts = lazy(() => import('./StructureCharts.tsx'));

function greeting(hour: number): string {
  if (hour < 6) return '夜深了';
  if (hour < 12) return '上午好';
  if (hour < 14) return '中午好';
  if (hour < 18) return '下午好';
  return '晚上好';
}

const secondary = { color: 'rgba(0,0,0,0.45)' } as const;

const loading = (
  <Flex justify="center" style={{ padding: 40 }}>
    <Spin />
  </Flex>
);

/**
 * /home, the service board: who is signed in and where; the counts of what needs doing, each opening
 * its list filtered (only the lists this user may open, within their data permission); the people at
 * risk; last month's tax and this month's insurance; the employee structure; shortcuts to the menu.
 */
export default function HomePage() {
  const { userInfo } = useSession();
  const company = useCurrentCompany();
  // the groups' entries the user can use; a group's shortcut opens its first built screen
  const { routes, map } = usePermissions();
  const canOpen = useCanOpen();
  const { built } = useScreens();
  const groups = useMemo(() => menuShortcuts(routes, built), [routes, built]);
  const now = dayjs();
  const nickname = userInfo?.sysUser.nickname ?? '';
  const board = useServiceBoard();
  const items = board.data?.items ?? [];
  const risks = useMemo(() => riskChoices(board.data?.items ?? [], boardHref), [board.data]);
  const figures = { tax: map.declarationRecords === true, insured: map.insuranceInformation === true };

  return (
    <Flex vertical gap={16}>
      <Panel>
        <Flex align="center" gap={20} wrap>
          <Avatar size={64} style={{ background: '#1677ff', fontSize: 26, flex: 'none' }}>
            {nickname.slice(0, 1) || '人'}
          </Avatar>
          <div style={{ flex: 1, minWidth: 260 }}>
            <h1 style={{ margin: 0, fontSize: 20, fontWeight: 600 }}>
              {greeting(now.hour())}，{nickname}
            </h1>
            <div style={{ ...secondary, marginTop: 4 }}>{now.format('YYYY年M月D日 dddd')}</div>
          </div>
          <dl style={{ margin: 0, minWidth: 320, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 12, rowGap: 8 }}>
            <dt style={secondary}>当前企业</dt>
            <dd style={{ margin: 0 }} className="current-company">
              {company?.companyName ?? '—'}
              {company?.isWb === 1 && (
                <Tag color="purple" style={{ marginInlineStart: 8 }}>
                  外包服务商
                </Tag>
              )}
            </dd>
            <dt style={secondary}>登录账号</dt>
            <dd style={{ margin: 0 }}>{maskPhone(userInfo?.sysUser.phoneNumber) || '—'}</dd>
          </dl>
        </Flex>
      </Panel>
      <Panel title="服务看板" className="home-board" extra={board.data && <span style={secondary}>统计日期 {board.data.today}</span>}>
        {board.data ? (
          items.length > 0 ? (
            <Suspense fallback={loading}>
              <BoardGrid items={items} />
            </Suspense>
          ) : (
            <div style={secondary}>您的角色暂无可查看的待办统计</div>
          )
        ) : (
          loading
        )}
      </Panel>
      {(risks.length > 0 || figures.tax || figures.insured) && (
        <Row gutter={[16, 16]}>
          {risks.length > 0 && (
            <Col xs={24} xl={figures.tax || figures.insured ? 16 : 24}>
              <Suspense fallback={loading}>
                <RiskPanel choices={risks} />
              </Suspense>
            </Col>
          )}
          {(figures.tax || figures.insured) && (
            <Col xs={24} xl={risks.length > 0 ? 8 : 24}>
              <Suspense fallback={loading}>
                <FiguresPanel tax={figures.tax} insured={figures.insured} />
              </Suspense>
            </Col>
          )}
        </Row>
      )}
      {canOpen('applyMonth') && (
        <Suspense fallback={null}>
          <SiBoardCard />
        </Suspense>
      )}
      {map.staffRoll === true && (
        <Suspense fallback={loading}>
          <StructureCharts />
        </Suspense>
      )}
      <Panel title="常用功能" className="home-shortcuts">
        <Flex vertical gap={20}>
          {groups.map((g) => (
            <div key={g.type}>
              <div style={{ ...secondary, marginBottom: 10 }}>{g.label}</div>
              <Row gutter={[12, 12]}>
                {g.items.map((s) => (
                  <Col key={s.name} xs={12} sm={8} md={6} xl={4}>
                    <Link to={s.to} className="shortcut" data-shortcut={s.name}>
                      <Flex align="center" gap={10} className="shortcut-card">
                        <span className="shortcut-icon">
                          <RouteIcon name={s.icon ?? 'AppstoreOutlined'} />
                        </span>
                        <span style={{ flex: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', color: 'rgba(0,0,0,0.88)' }}>{s.title}</span>
                        <RightOutlined style={{ color: '#d9d9d9', fontSize: 11 }} />
                      </Flex>
                    </Link>
                  </Col>
                ))}
              </Row>
            </div>
          ))}
        </Flex>
      </Panel>
    </Flex>
  );
}
