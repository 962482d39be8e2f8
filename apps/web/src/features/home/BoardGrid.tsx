import { boardHref, type BoardItem } from '@wfsaas/contracts';
import { Col, Flex, Row } from 'antd';
import { Link } from 'react-router';
import { countColor } from './board.ts';

const muted = { color: 'rgba(0,0,0,0.45)' } as const;

/** The board's items as cards; every count opens the list it counts, filtered, and 0 is shown as 0. */
export function BoardGrid({ items }: { items: BoardItem[] }) {
  return (
    <Row gutter={[16, 16]} className="board-grid">
      {items.map((item) => (
        <Col key={item.key} xs={24} md={12} xl={8}>
          <div className="board-item" data-board={item.key} style={{ border: '1px solid #f0f0f0', borderRadius: 8, padding: '14px 20px', height: '100%' }}>
            <div style={{ fontWeight: 600, marginBottom: 10 }}>{item.label}</div>
            <Flex gap={24} wrap>
              {item.counts.map((c) => (
                <Link key={c.key} to={boardHref(c.link)} className="board-count" data-count={`${item.key}.${c.key}`} style={{ color: 'inherit', minWidth: 88 }}>
                  <div style={{ ...muted, fontSize: 13, whiteSpace: 'nowrap' }}>{c.label}</div>
                  <div style={{ fontSize: 24, fontWeight: 600, lineHeight: '32px', color: countColor(c.tone, c.value) }}>
                    <span className="board-value">{c.value}</span>
                    <span style={{ fontSize: 13, fontWeight: 400, marginInlineStart: 4, color: 'rgba(0,0,0,0.45)' }}>{c.unit}</span>
                  </div>
                </Link>
              ))}
            </Flex>
          </div>
        </Col>
      ))}
    </Row>
  );
}
