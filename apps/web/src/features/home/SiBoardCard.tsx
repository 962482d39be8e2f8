import { SI_API, SI_PATHS, type SiBoardView } from '@wfsaas/contracts';
import { useQuery } from '@tanstack/react-query';
import { Flex } from 'antd';
import { Link } from 'react-router';
import { api } from '../../app/api/instance.ts';
import { useSession } from '../../app/session/SessionProvider.tsx';
import { Panel } from '../../app/ui/Panel.tsx';

const APPLY_MONTH = '/socialTrusteeship/progressReporting/applyMonth';
const muted = { color: 'rgba(0,0,0,0.45)' } as const;

/**
 * 社保待申报: lines waiting for this month's declarations, per entity, with the way to 进度速查. Shown
 * only to users who may open it (the caller checks); the key is the hosting screens' so their writes refresh it.
 */
export function SiBoardCard() {
  const { companyId } = useSession();
  const board = useQuery({
    queryKey: ['si', companyId, 'board'],
    queryFn: () => api.post<SiBoardView>(`${SI_API}${SI_PATHS.board}`, {}, { silent: true }),
    staleTime: 60_000,
    retry: false,
  });
  const b = board.data;
  if (!b) return null;
  return (
    <Panel title="社保待申报" extra={<Link to={APPLY_MONTH}>进度速查</Link>} className="home-si-board" bodyStyle={{ padding: '16px 24px' }}>
      <Flex align="center" gap={32} wrap>
        <Link to={APPLY_MONTH} className="si-board-waiting" style={{ color: 'inherit' }}>
          <div style={muted}>{b.month} 待申报</div>
          <div style={{ fontSize: 28, fontWeight: 600, color: b.waiting > 0 ? '#d46b08' : undefined }}>
            {b.waiting}
            <span style={{ fontSize: 14, fontWeight: 400, marginInlineStart: 4 }}>人次</span>
          </div>
        </Link>
        {b.entities.length > 0 && (
          <Flex gap={24} wrap className="si-board-entities">
            {b.entities.map((e) => (
              <div key={e.entityId} data-entity={e.name}>
                <div style={muted}>{e.name}</div>
                <div style={{ fontSize: 18, fontWeight: 600 }}>{e.waiting}</div>
              </div>
            ))}
          </Flex>
        )}
      </Flex>
    </Panel>
  );
}
