import { BarChartOutlined, TableOutlined } from '@ant-design/icons';
import { boardHref, type EmployeeStructure, type StructureBucket } from '@wfsaas/contracts';
import { Col, Empty, Flex, Row, Segmented, Select, Spin, Table } from 'antd';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { Panel } from '../../app/ui/Panel.tsx';
import { useEmployeeStructure } from './board.api.ts';
import { chartOption, share, type ChartKind } from './board.ts';
import { EChart } from './EChart.tsx';

const muted = { color: 'rgba(0,0,0,0.45)' } as const;

type Dimension = { key: keyof Pick<EmployeeStructure, 'department' | 'gender' | 'age' | 'tenure' | 'education' | 'employmentType'>; title: string; kind: ChartKind };

const DIMENSIONS: readonly Dimension[] = [
  { key: 'department', title: '部门分布', kind: 'bar' },
  { key: 'gender', title: '性别分布', kind: 'pie' },
  { key: 'age', title: '年龄分布', kind: 'bar' },
  { key: 'tenure', title: '司龄分布', kind: 'bar' },
  { key: 'education', title: '学历分布', kind: 'pie' },
  { key: 'employmentType', title: '用工类型', kind: 'pie' },
];

const LEVELS = [1, 2, 3].map((n) => ({ value: n, label: ['一', '二', '三'][n - 1] + '级部门' }));

/** One dimension: its chart, or the table behind it one click away. */
function DimensionCard({ d, buckets, total }: { d: Dimension; buckets: StructureBucket[]; total: number }) {
  const [view, setView] = useState<'chart' | 'table'>('chart');
  const option = useMemo(() => chartOption(d.kind, buckets, '人'), [d.kind, buckets]);
  const empty = total === 0 || buckets.every((b) => b.count === 0);
  return (
    <div className="structure-card" data-dimension={d.key} style={{ border: '1px solid #f0f0f0', borderRadius: 8, padding: '12px 16px', height: '100%' }}>
      <Flex align="center" justify="space-between" style={{ marginBottom: 8 }}>
        <span style={{ fontWeight: 600 }}>
          {d.title}
          <span style={{ ...muted, fontWeight: 400, fontSize: 12, marginInlineStart: 6 }}>单位：人</span>
        </span>
        <Segmented
          size="small"
          value={view}
          onChange={(v) => setView(v as 'chart' | 'table')}
          className="structure-view"
          options={[
            { value: 'chart', icon: <BarChartOutlined />, title: '图表' },
            { value: 'table', icon: <TableOutlined />, title: '表格' },
          ]}
        />
      </Flex>
      {empty ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无在职员工数据" style={{ height: 244, margin: 0, paddingTop: 60 }} />
      ) : view === 'chart' ? (
        <EChart option={option} height={260} className="structure-chart" />
      ) : (
        <Table<StructureBucket>
          size="small"
          className="structure-table"
          rowKey="key"
          pagination={false}
          scroll={{ y: 220 }}
          dataSource={buckets}
          columns={[
            { title: d.key === 'department' ? '部门' : '分组', dataIndex: 'label' },
            { title: '人数', dataIndex: 'count', align: 'right', width: 80 },
            { title: '占比', key: 'share', align: 'right', width: 80, render: (_, b) => share(b.count, total) },
          ]}
        />
      )}
    </div>
  );
}

/** 员工结构: the on-roster employees the user may see, six ways; loaded with ECharts only when shown. */
export default function StructureCharts() {
  const [level, setLevel] = useState(1);
  const structure = useEmployeeStructure(true, level);
  const s = structure.data;
  return (
    <Panel
      title="员工结构"
      className="home-structure"
      extra={
        s && (
          <Link to={boardHref(s.link)} className="structure-roster-link">
            查看花名册
          </Link>
        )
      }
    >
      {!s ? (
        <Flex justify="center" style={{ padding: 40 }}>
          <Spin />
        </Flex>
      ) : (
        <Flex vertical gap={16}>
          <Flex gap={32} wrap align="center">
            <div>
              <div style={muted}>在职人数</div>
              <div style={{ fontSize: 24, fontWeight: 600 }} className="structure-total">
                {s.total}
                <span style={{ fontSize: 14, fontWeight: 400, marginInlineStart: 4 }}>人</span>
              </div>
            </div>
            <div>
              <div style={muted}>平均年龄</div>
              <div style={{ fontSize: 18, fontWeight: 600 }}>{s.averageAge ?? '—'}</div>
            </div>
            <div>
              <div style={muted}>平均司龄</div>
              <div style={{ fontSize: 18, fontWeight: 600 }}>{s.averageTenure ?? '—'}</div>
            </div>
            <Flex align="center" gap={8} style={{ marginInlineStart: 'auto' }}>
              <span style={muted}>部门层级</span>
              <Select size="small" value={level} onChange={setLevel} options={LEVELS} style={{ width: 110 }} className="structure-level" />
            </Flex>
          </Flex>
          <Row gutter={[16, 16]}>
            {DIMENSIONS.map((d) => (
              <Col key={d.key} xs={24} lg={12} xxl={8}>
                <DimensionCard d={d} buckets={s[d.key]} total={s.total} />
              </Col>
            ))}
          </Row>
        </Flex>
      )}
    </Panel>
  );
}
