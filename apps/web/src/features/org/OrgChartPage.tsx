import { CompressOutlined, DownloadOutlined, ExpandOutlined, MinusOutlined, PlusOutlined } from '@ant-design/icons';
import type { DepartmentNode } from '@wfsaas/contracts';
import { Button, Empty, Flex, Select, Spin, Tooltip } from 'antd';
import dayjs from 'dayjs';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { useCurrentCompany } from '../../app/session/queries.ts';
import { toastError, toastSuccess } from '../../app/ui/feedback.ts';
import { PageHeader } from '../../app/ui/PageHeader.tsx';
import { Panel } from '../../app/ui/Panel.tsx';
import { CHART_FONT, fitText, svgToPng } from './chart-export.ts';
import { DEFAULT_LAYOUT, fitView, initialView, layoutChart, zoomAt, type ChartInput, type View } from './chart-layout.ts';
import { saveBlob } from '../../app/api/save-blob.ts';
import { useChartTree } from './org.api.ts';

type ChartNode = { id: string; name: string; leader: string | null; plan: number | null; actual: number; isCompany: boolean };

const { nodeWidth: W, nodeHeight: H } = DEFAULT_LAYOUT;

function toInput(nodes: readonly DepartmentNode[], depthLeft: number): ChartInput[] {
  return nodes.map((n) => ({ id: String(n.id), children: depthLeft > 1 ? toInput(n.children, depthLeft - 1) : [] }));
}

function collect(nodes: readonly DepartmentNode[], out: Map<string, ChartNode>) {
  for (const n of nodes) {
    out.set(String(n.id), { id: String(n.id), name: n.name, leader: n.leaderName, plan: n.subtreePlan > 0 || n.headcountPlan !== null ? n.subtreePlan : null, actual: n.subtreeActual, isCompany: false });
    collect(n.children, out);
  }
}

function Box({ node, x, y }: { node: ChartNode; x: number; y: number }) {
  const vacancy = node.plan === null ? null : node.plan - node.actual;
  const head = node.isCompany ? '#1677ff' : '#ffffff';
  const ink = node.isCompany ? '#ffffff' : 'rgba(0,0,0,0.88)';
  const sub = node.isCompany ? 'rgba(255,255,255,0.85)' : 'rgba(0,0,0,0.55)';
  return (
    <g transform={`translate(${x},${y})`} className="chart-node" data-name={node.name}>
      <rect width={W} height={H} rx={8} ry={8} fill={head} stroke={node.isCompany ? '#1677ff' : '#d9d9d9'} strokeWidth={1} />
      {!node.isCompany && <rect width={W} height={4} rx={2} ry={2} fill="#1677ff" />}
      <text x={W / 2} y={26} textAnchor="middle" fontSize={14} fontWeight={600} fill={ink} fontFamily={CHART_FONT}>
        {fitText(node.name, 11)}
      </text>
      <text x={W / 2} y={46} textAnchor="middle" fontSize={12} fill={sub} fontFamily={CHART_FONT}>
        {node.isCompany ? '全公司' : `负责人：${fitText(node.leader ?? '未设置', 6)}`}
      </text>
      <text x={W / 2} y={65} textAnchor="middle" fontSize={12} fill={sub} fontFamily={CHART_FONT}>
        {`在职 ${node.actual}`}
        {node.plan !== null && ` / 编制 ${node.plan}`}
        {vacancy !== null && vacancy !== 0 && (
          <tspan fill={node.isCompany ? '#fff' : vacancy > 0 ? '#fa8c16' : '#ff4d4f'}>{vacancy > 0 ? ` 缺编 ${vacancy}` : ` 超编 ${-vacancy}`}</tspan>
        )}
      </text>
    </g>
  );
}

const DEPTH_OPTIONS = [
  { value: 99, label: '全部层级' },
  { value: 2, label: '显示到一级部门' },
  { value: 3, label: '显示到二级部门' },
  { value: 4, label: '显示到三级部门' },
];

/** /organizationalstructure/indexduo (组织架构图): the chart drawn as SVG, zoomable and pannable, exported as PNG. */
export default function OrgChartPage() {
  const company = useCurrentCompany();
  const companyName = company?.companyName ?? '全公司';
  const chart = useChartTree();
  const [depth, setDepth] = useState(99);
  const viewportRef = useRef<HTMLDivElement>(null);
  const svgRef = useRef<SVGSVGElement>(null);
  const [view, setView] = useState<View>({ scale: 1, x: 0, y: 0 });
  const [exporting, setExporting] = useState(false);
  const drag = useRef<{ x: number; y: number; vx: number; vy: number } | null>(null);

  const { layout, byId } = useMemo(() => {
    const tree = chart.data?.tree ?? [];
    const map = new Map<string, ChartNode>();
    map.set('company', { id: 'company', name: companyName, leader: null, plan: chart.data && chart.data.totalPlan > 0 ? chart.data.totalPlan : null, actual: chart.data?.totalActual ?? 0, isCompany: true });
    collect(tree, map);
    const root: ChartInput = { id: 'company', children: toInput(tree, depth) };
    return { layout: layoutChart([root]), byId: map };
  }, [chart.data, companyName, depth]);

  const fit = useCallback(() => {
    const el = viewportRef.current;
    if (!el) return;
    setView(fitView(layout.width, layout.height, el.clientWidth, el.clientHeight));
  }, [layout]);

  useLayoutEffect(() => {
    const el = viewportRef.current;
    if (!el) return;
    const root = layout.boxes.find((b) => b.id === 'company');
    setView(initialView(layout.width, layout.height, el.clientWidth, el.clientHeight, root ? root.x + W / 2 : layout.width / 2));
  }, [layout]);

  // A wheel listener that may cancel the page scroll (React's own is passive).
  useEffect(() => {
    const el = viewportRef.current;
    if (!el) return;
    const onWheel = (e: WheelEvent) => {
      e.preventDefault();
      const rect = el.getBoundingClientRect();
      setView((v) => zoomAt(v, e.deltaY < 0 ? 1.1 : 1 / 1.1, e.clientX - rect.left, e.clientY - rect.top));
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => el.removeEventListener('wheel', onWheel);
  }, []);

  const zoomCentre = (factor: number) => {
    const el = viewportRef.current;
    if (!el) return;
    setView((v) => zoomAt(v, factor, el.clientWidth / 2, el.clientHeight / 2));
  };

  const onPointerDown = (e: ReactPointerEvent<HTMLDivElement>) => {
    if (e.button !== 0) return;
    drag.current = { x: e.clientX, y: e.clientY, vx: view.x, vy: view.y };
    e.currentTarget.setPointerCapture(e.pointerId);
  };
  const onPointerMove = (e: ReactPointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d) return;
    setView((v) => ({ ...v, x: d.vx + e.clientX - d.x, y: d.vy + e.clientY - d.y }));
  };
  const onPointerUp = () => {
    drag.current = null;
  };

  const exportPng = async () => {
    if (!svgRef.current) return;
    setExporting(true);
    try {
      const blob = await svgToPng(svgRef.current, layout.width, layout.height);
      saveBlob(blob, `组织架构图-${companyName}-${dayjs().format('YYYYMMDD')}.png`);
      toastSuccess('图片已导出');
    } catch (err) {
      toastError(err instanceof Error ? err.message : '导出图片失败');
    } finally {
      setExporting(false);
    }
  };

  const empty = !chart.isLoading && (chart.data?.tree.length ?? 0) === 0;

  return (
    <Flex vertical gap={16} className="org-chart-page">
      <PageHeader
        title="组织架构图"
        description="滚动鼠标滚轮缩放，按住拖动平移；方框中为含下级部门的在职与编制人数。"
        extra={
          <>
            <Select value={depth} options={DEPTH_OPTIONS} onChange={setDepth} style={{ width: 150 }} />
            <Button type="primary" icon={<DownloadOutlined />} loading={exporting} onClick={() => void exportPng()} disabled={empty} className="export-png">
              导出图片
            </Button>
          </>
        }
      />
      <Panel bodyStyle={{ padding: 0 }}>
        <div style={{ position: 'relative' }}>
          <Flex vertical gap={4} style={{ position: 'absolute', right: 16, top: 16, zIndex: 2, background: '#fff', borderRadius: 8, boxShadow: '0 2px 8px rgba(0,0,0,0.12)', padding: 4 }}>
            <Tooltip title="放大" placement="left">
              <Button type="text" icon={<PlusOutlined />} onClick={() => zoomCentre(1.2)} aria-label="放大" />
            </Tooltip>
            <div style={{ textAlign: 'center', fontSize: 12, color: 'rgba(0,0,0,0.65)' }} className="zoom-level">
              {Math.round(view.scale * 100)}%
            </div>
            <Tooltip title="缩小" placement="left">
              <Button type="text" icon={<MinusOutlined />} onClick={() => zoomCentre(1 / 1.2)} aria-label="缩小" />
            </Tooltip>
            <Tooltip title="适应画布" placement="left">
              <Button type="text" icon={<CompressOutlined />} onClick={fit} aria-label="适应画布" />
            </Tooltip>
            <Tooltip title="实际大小" placement="left">
              <Button type="text" icon={<ExpandOutlined />} onClick={() => setView((v) => ({ ...v, scale: 1 }))} aria-label="实际大小" />
            </Tooltip>
          </Flex>
          <Spin spinning={chart.isLoading}>
            <div
              ref={viewportRef}
              className="org-chart-viewport"
              onPointerDown={onPointerDown}
              onPointerMove={onPointerMove}
              onPointerUp={onPointerUp}
              onPointerCancel={onPointerUp}
              style={{ height: 'calc(100vh - 250px)', minHeight: 420, overflow: 'hidden', cursor: drag.current ? 'grabbing' : 'grab', background: 'radial-gradient(#e5e7eb 1px, transparent 1px) 0 0 / 20px 20px', touchAction: 'none', userSelect: 'none' }}
            >
              {empty ? (
                <Flex align="center" justify="center" style={{ height: '100%' }}>
                  <Empty description="暂无部门，请先在「组织与编制」中新增或导入部门" />
                </Flex>
              ) : (
                <svg ref={svgRef} width="100%" height="100%" className="org-chart" fontFamily={CHART_FONT}>
                  <g data-viewport transform={`translate(${view.x},${view.y}) scale(${view.scale})`}>
                    {layout.links.map((l) => (
                      <path key={`${l.from}-${l.to}`} d={l.path} fill="none" stroke="#bfbfbf" strokeWidth={1.2} />
                    ))}
                    {layout.boxes.map((b) => {
                      const node = byId.get(b.id);
                      return node ? <Box key={b.id} node={node} x={b.x} y={b.y} /> : null;
                    })}
                  </g>
                </svg>
              )}
            </div>
          </Spin>
        </div>
      </Panel>
    </Flex>
  );
}
