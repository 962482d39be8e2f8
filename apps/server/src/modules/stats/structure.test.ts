import { AGE_BANDS, EDUCATIONS, TENURE_BANDS } from '@wfsaas/contracts';
import { describe, expect, it } from 'vitest';
import { monthRange, unsignedLink } from './board.service.ts';
import { dueDays } from './risk.service.ts';
import { averageMonths, bandBuckets, codeBuckets, departmentBuckets } from './structure.service.ts';

describe('structure buckets', () => {
  it('bands whole months into age years and tenure, unknown last and only when present', () => {
    const age = bandBuckets(
      [
        { key: 24 * 12 + 11, count: 2 },
        { key: 25 * 12, count: 1 },
        { key: 49 * 12 + 11, count: 1 },
        { key: 50 * 12, count: 3 },
        { key: null, count: 4 },
      ],
      AGE_BANDS,
      12,
    );
    expect(age.map((b) => [b.key, b.count])).toEqual([
      ['under25', 2],
      ['25to30', 1],
      ['30to35', 0],
      ['35to40', 0],
      ['40to50', 1],
      ['50plus', 3],
      ['unknown', 4],
    ]);
    const tenure = bandBuckets([{ key: 11, count: 1 }, { key: 12, count: 1 }, { key: 120, count: 2 }], TENURE_BANDS, 1);
    expect(tenure.map((b) => b.count)).toEqual([1, 1, 0, 0, 2]);
    expect(tenure.some((b) => b.key === 'unknown')).toBe(false);
  });

  it('keeps a code table in its order and counts codes outside it as 未填写', () => {
    const b = codeBuckets([{ key: 6, count: 5 }, { key: 99, count: 1 }, { key: null, count: 2 }], EDUCATIONS);
    expect(b.find((x) => x.label === '本科')!.count).toBe(5);
    expect(b.at(-1)).toEqual({ key: 'unknown', label: '未填写', count: 3 });
    expect(b.reduce((n, x) => n + x.count, 0)).toBe(8);
  });

  it('rolls departments up to the chosen level, a shallower department standing for itself', () => {
    const tree = [
      { id: 1, name: '技术中心', path: '/1/', sort: 1 },
      { id: 2, name: '前端组', path: '/1/2/', sort: 1 },
      { id: 3, name: '组件小组', path: '/1/2/3/', sort: 1 },
      { id: 4, name: '销售部', path: '/4/', sort: 2 },
    ];
    const groups = [
      { key: 3, count: 2 },
      { key: 2, count: 1 },
      { key: 1, count: 1 },
      { key: 4, count: 5 },
      { key: null, count: 1 },
      { key: 77, count: 1 },
    ];
    expect(departmentBuckets(groups, tree, 1).map((b) => [b.label, b.count])).toEqual([
      ['销售部', 5],
      ['技术中心', 4],
      ['未分配部门', 2],
    ]);
    expect(departmentBuckets(groups, tree, 2).map((b) => [b.label, b.count])).toEqual([
      ['销售部', 5],
      ['前端组', 3],
      ['技术中心', 1],
      ['未分配部门', 2],
    ]);
  });

  it('averages whole months, rounding down, ignoring unknowns', () => {
    expect(averageMonths([{ key: 10, count: 1 }, { key: 13, count: 1 }, { key: null, count: 5 }])).toBe(11);
    expect(averageMonths([{ key: null, count: 5 }])).toBeNull();
  });
});

describe('board dates', () => {
  it('spans the month of today, February and December included', () => {
    expect(monthRange('2024-02-10')).toEqual({ month: '2024-02', from: '2024-02-01', to: '2024-02-29' });
    expect(monthRange('2025-12-31')).toEqual({ month: '2025-12', from: '2025-12-01', to: '2025-12-31' });
  });

  it('links 未签劳动合同 to the roster hired on or before the 31st day back', () => {
    expect(unsignedLink('2025-03-31').query).toEqual({ status: '1,2,3', employmentType: '1', hireDate: '~2025-02-28', labourContract: 'none' });
  });

  it('counts days overdue and left from a deadline', () => {
    expect(dueDays('2025-03-01', '2025-03-06')).toEqual({ daysOverdue: 5, daysLeft: 0 });
    expect(dueDays('2025-03-11', '2025-03-01')).toEqual({ daysOverdue: 0, daysLeft: 10 });
    expect(dueDays(null, '2025-03-01')).toEqual({ daysOverdue: 0, daysLeft: 0 });
  });
});
