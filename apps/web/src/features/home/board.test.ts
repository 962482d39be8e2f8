import type { BoardItem } from '@wfsaas/contracts';
import { describe, expect, it } from 'vitest';
import { chartOption, countColor, firstRisk, riskChoices, share, TONE_COLORS } from './board.ts';

const link = { path: '/x', query: {} };
const items: BoardItem[] = [
  { key: 'staffRollBoard', label: '在职花名册', counts: [{ key: 'all', label: '在册员工', value: 9, unit: '人', tone: 'default', link }] },
  {
    key: 'conversionHeadIndex',
    label: '转正',
    counts: [
      { key: 'due', label: '30天内试用期到期', value: 0, unit: '人', tone: 'warning', link, riskKey: 'probationDue' },
      { key: 'overdue', label: '试用期已逾期', value: 2, unit: '人', tone: 'error', link: { path: '/c', query: { tab: 'overdue' } }, riskKey: 'probationOverdue' },
    ],
  },
];

describe('risk choices', () => {
  it('takes the counts with a risk key in board order and starts on the first with people', () => {
    const choices = riskChoices(items, (l) => `${l.path}?${new URLSearchParams(l.query)}`);
    expect(choices.map((c) => [c.key, c.value, c.href])).toEqual([
      ['probationDue', 0, '/x?'],
      ['probationOverdue', 2, '/c?tab=overdue'],
    ]);
    expect(firstRisk(choices)).toBe('probationOverdue');
    expect(firstRisk(choices.map((c) => ({ ...c, value: 0 })))).toBe('probationDue');
    expect(firstRisk([])).toBeNull();
  });
});

describe('counts and charts', () => {
  it('colours a count by its tone only when there is something in it', () => {
    expect(countColor('error', 3)).toBe(TONE_COLORS.error);
    expect(countColor('error', 0)).toBe(TONE_COLORS.default);
  });

  it('draws bars in bucket order and a ring without empty slices', () => {
    const buckets = [
      { key: '1', label: '男', count: 3 },
      { key: '2', label: '女', count: 0 },
    ];
    const bar = chartOption('bar', buckets, '人') as { xAxis: { data: string[] }; series: { data: number[] }[] };
    expect(bar.xAxis.data).toEqual(['男', '女']);
    expect(bar.series[0]!.data).toEqual([3, 0]);
    const pie = chartOption('pie', buckets, '人') as { series: { data: { name: string; value: number }[] }[] };
    expect(pie.series[0]!.data).toEqual([{ name: '男', value: 3 }]);
  });

  it('gives shares with one decimal, 0 of nothing', () => {
    expect(share(1, 3)).toBe('33.3%');
    expect(share(0, 0)).toBe('0.0%');
  });
});
