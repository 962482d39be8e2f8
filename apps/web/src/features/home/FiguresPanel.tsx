import { boardHref } from '@wfsaas/contracts';
import { Flex, Tag } from 'antd';
import { Link } from 'react-router';
import { Panel } from '../../app/ui/Panel.tsx';
import { formatMoney } from '../../app/ui/format.ts';
import { useInsuredStat, useTaxDeclarationStat } from './board.api.ts';

const muted = { color: 'rgba(0,0,0,0.45)' } as const;

/** 薪税与社保: last month's income tax declaration and this month's insured headcount, for those who may see them. */
export function FiguresPanel({ tax, insured }: { tax: boolean; insured: boolean }) {
  const t = useTaxDeclarationStat(tax);
  const i = useInsuredStat(insured);
  return (
    <Panel title="薪税与社保" className="home-figures">
      <Flex vertical gap={20}>
        {tax && t.data && (
          <Link to={boardHref(t.data.link)} style={{ color: 'inherit' }} className="figure-tax">
            <Flex align="center" gap={8} style={{ marginBottom: 4 }}>
              <span style={muted}>{t.data.month} 个税申报</span>
              <Tag color={t.data.status === 1 ? 'success' : t.data.runCount > 0 ? 'warning' : 'default'}>{t.data.runCount > 0 || t.data.status === 1 ? t.data.statusLabel : '无需申报'}</Tag>
            </Flex>
            <Flex gap={24} wrap>
              <div>
                <div style={{ fontSize: 20, fontWeight: 600 }}>
                  {t.data.headcount}
                  <span style={{ fontSize: 13, fontWeight: 400, marginInlineStart: 4 }}>人</span>
                </div>
                <div style={muted}>申报人数</div>
              </div>
              <div>
                <div style={{ fontSize: 20, fontWeight: 600 }}>{formatMoney(t.data.tax)}</div>
                <div style={muted}>应扣缴税额</div>
              </div>
            </Flex>
            <div style={{ ...muted, fontSize: 12, marginTop: 4 }}>申报期限 {t.data.deadline}（遇节假日顺延）</div>
          </Link>
        )}
        {insured && i.data && (
          <div className="figure-insured">
            <div style={{ ...muted, marginBottom: 4 }}>{i.data.month} 参保人数</div>
            <div style={{ fontSize: 20, fontWeight: 600 }}>
              {i.data.total}
              <span style={{ fontSize: 13, fontWeight: 400, marginInlineStart: 4 }}>人</span>
            </div>
            <Flex gap={16} wrap style={{ marginTop: 6 }}>
              {i.data.entities.map((e) => (
                <Link key={e.entityId} to={boardHref(e.link)} style={{ color: 'inherit' }} data-entity={e.name}>
                  <span style={muted}>{e.name}</span> <b>{e.count}</b>
                </Link>
              ))}
            </Flex>
          </div>
        )}
      </Flex>
    </Panel>
  );
}
