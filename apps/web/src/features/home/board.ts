import type { BoardItem, BoardTone, RiskKey, StructureBucket } from '@wfsaas/contracts';

/** Pure rules of the service board and its charts (no React; unit-tested). */

/** The palette of the status tags: blue, green, orange, red, then neutrals and a few more hues. */
export const PALETTE = ['#1677ff', '#52c41a', '#faad14', '#ff4d4f', '#13c2c2', '#722ed1', '#eb2f96', '#fa8c16', '#2f54eb', '#8c8c8c'];

export const TONE_COLORS: Record<BoardTone, string> = {
  default: 'rgba(0,0,0,0.88)',
  processing: '#1677ff',
  success: '#389e0d',
  warning: '#d46b08',
  error: '#cf1322',
};

/** A count's colour: its tone when there is something to do, plain when it is zero. */
export function countColor(tone: BoardTone, value: number): string {
  return value > 0 ? TONE_COLORS[tone] : TONE_COLORS.default;
}

export type RiskChoice = { key: RiskKey; label: string; value: number; href: string };

/** The risks the board offers (counts carrying a risk key), in board order. */
export function riskChoices(items: readonly BoardItem[], href: (link: BoardItem['counts'][number]['link']) => string): RiskChoice[] {
  return items.flatMap((i) => i.counts.filter((c) => c.riskKey).map((c) => ({ key: c.riskKey!, label: c.label, value: c.value, href: href(c.link) })));
}

/** The risk shown first: the first with people in it, else the first. */
export function firstRisk(choices: readonly RiskChoice[]): RiskKey | null {
  return (choices.find((c) => c.value > 0) ?? choices[0])?.key ?? null;
}

export type ChartKind = 'bar' | 'pie';

/** A structure dimension as an ECharts option: bars (categories in order) or a ring; empty buckets left out of a ring. */
export function chartOption(kind: ChartKind, buckets: readonly StructureBucket[], unit: string): Record<string, unknown> {
  const tooltip = { trigger: kind === 'pie' ? 'item' : 'axis', valueFormatter: (v: unknown) => `${String(v)} ${unit}` };
  if (kind === 'pie') {
    return {
      color: PALETTE,
      tooltip,
      legend: { bottom: 0, type: 'scroll', icon: 'circle', itemWidth: 8, itemHeight: 8 },
      series: [
        {
          type: 'pie',
          radius: ['42%', '68%'],
          center: ['50%', '44%'],
          avoidLabelOverlap: true,
          label: { formatter: '{b}\n{c}人' },
          data: buckets.filter((b) => b.count > 0).map((b) => ({ name: b.label, value: b.count })),
        },
      ],
    };
  }
  return {
    color: PALETTE,
    tooltip,
    grid: { left: 8, right: 16, top: 28, bottom: 8, containLabel: true },
    xAxis: { type: 'category', data: buckets.map((b) => b.label), axisLabel: { interval: 0, rotate: buckets.length > 6 ? 30 : 0, fontSize: 11 } },
    yAxis: { type: 'value', name: unit, minInterval: 1, nameTextStyle: { align: 'right' } },
    series: [{ type: 'bar', barMaxWidth: 32, label: { show: true, position: 'top' }, data: buckets.map((b) => b.count) }],
  };
}

/** A bucket's share of the total as a percentage with one decimal. */
export function share(count: number, total: number): string {
  return total > 0 ? `${((count * 100) / total).toFixed(1)}%` : '0.0%';
}
