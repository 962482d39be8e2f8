import { Flex, Tabs } from 'antd';
import { useSearchParams } from 'react-router';
import { usePermissions } from '../../app/routing/PermissionContext.ts';
import { PageHeader } from '../../app/ui/PageHeader.tsx';
import { Panel } from '../../app/ui/Panel.tsx';
import { POSITION_RANK_EDIT } from './org.api.ts';
import { PositionsTab } from './PositionsTab.tsx';
import { RanksTab } from './RanksTab.tsx';

/** /organizationalstructure/positionRank (职位职级): positions, and rank categories with ranks and pay bands. */
export default function PositionRankPage() {
  const { map } = usePermissions();
  const canEdit = map[POSITION_RANK_EDIT] === true;
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'rank' ? 'rank' : 'position';
  return (
    <Flex vertical gap={16} className="position-rank-page">
      <PageHeader title="职位职级" description="职位可全公司通用，也可属于某个部门；职级按类别（如 P 序列、M 序列）设置月薪范围。" />
      <Panel bodyStyle={{ paddingTop: 8 }}>
        <Tabs
          activeKey={tab}
          onChange={(k) =>
            setParams(
              (prev) => {
                const next = new URLSearchParams(prev);
                if (k === 'rank') next.set('tab', 'rank');
                else next.delete('tab');
                return next;
              },
              { replace: true },
            )
          }
          items={[
            { key: 'position', label: '职位', children: <PositionsTab canEdit={canEdit} /> },
            { key: 'rank', label: '职级', children: <RanksTab canEdit={canEdit} /> },
          ]}
        />
      </Panel>
    </Flex>
  );
}
