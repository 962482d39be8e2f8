import type { DepartmentNode, DepartmentOption } from '@wfsaas/contracts';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LAYOUT, fitView, initialView, layoutChart, zoomAt } from './chart-layout.ts';
import { compareDecimal, departmentTrail, dropModeOf, formatYuan, isSelfOrDescendant, matchingIds, resolveDrop, toTreeSelectData, vacancy } from './org-tree.ts';

function node(id: number, parentId: number | null, name: string, children: DepartmentNode[] = []): DepartmentNode {
  return { id, parentId, name, code: `D${id}`, path: '', level: 1, leaderEmployeeId: null, leaderName: null, headcountPlan: null, sort: 0, status: 1, ownActual: 0, subtreeActual: 0, subtreePlan: 0, children };
}

// 1 总经办; 2 技术中心 (3 前端组, 4 后端组 (6 平台小组)); 5 产品部
const TREE = [node(1, null, '总经办'), node(2, null, '技术中心', [node(3, 2, '前端组'), node(4, 2, '后端组', [node(6, 4, '平台小组')])]), node(5, null, '产品部')];

describe('resolveDrop', () => {
  it('drops onto a department as its first child', () => {
    expect(resolveDrop(TREE, 5, 3, 'inside')).toEqual({ parentId: 3, sort: 0 });
  });
  it('drops before or after a sibling, counting positions without the dragged department', () => {
    expect(resolveDrop(TREE, 5, 1, 'before')).toEqual({ parentId: null, sort: 0 });
    expect(resolveDrop(TREE, 1, 5, 'after')).toEqual({ parentId: null, sort: 2 });
    expect(resolveDrop(TREE, 1, 2, 'after')).toEqual({ parentId: null, sort: 1 });
    expect(resolveDrop(TREE, 6, 3, 'after')).toEqual({ parentId: 2, sort: 1 });
  });
  it('refuses a drop into itself or its own subtree, and a drop that changes nothing', () => {
    expect(resolveDrop(TREE, 2, 2, 'inside')).toBeNull();
    expect(resolveDrop(TREE, 2, 6, 'inside')).toBeNull();
    expect(resolveDrop(TREE, 2, 3, 'after')).toBeNull();
    expect(resolveDrop(TREE, 2, 1, 'after')).toBeNull();
    expect(resolveDrop(TREE, 3, 4, 'before')).toBeNull();
  });
  it('reads antd’s drop information', () => {
    expect(dropModeOf({ dropToGap: false, dropPosition: 2, nodePos: '0-2' })).toBe('inside');
    expect(dropModeOf({ dropToGap: true, dropPosition: 1, nodePos: '0-2' })).toBe('before');
    expect(dropModeOf({ dropToGap: true, dropPosition: 3, nodePos: '0-1-2' })).toBe('after');
  });
});

describe('tree helpers', () => {
  it('finds trails, subtrees and search matches with their ancestors', () => {
    expect(departmentTrail(TREE, 6)).toEqual(['技术中心', '后端组', '平台小组']);
    expect(isSelfOrDescendant(TREE, 2, 6)).toBe(true);
    expect(isSelfOrDescendant(TREE, 4, 3)).toBe(false);
    const m = matchingIds(TREE, '平台');
    expect([...m.matched]).toEqual([6]);
    expect([...m.visible].sort()).toEqual([2, 4, 6]);
    expect(matchingIds(TREE, 'd5').matched.has(5)).toBe(true);
  });
  it('computes vacancies (null without a plan)', () => {
    expect(vacancy(null, 3)).toBeNull();
    expect(vacancy(10, 7)).toBe(3);
    expect(vacancy(5, 7)).toBe(-2);
  });
  it('builds TreeSelect data with disabled subtrees, disabled departments and hints', () => {
    const opts: DepartmentOption[] = [
      { id: 2, parentId: null, name: '技术中心', code: null, path: '/2/', status: 1, sort: 1 },
      { id: 1, parentId: null, name: '总经办', code: null, path: '/1/', status: 1, sort: 0 },
      { id: 3, parentId: 2, name: '前端组', code: null, path: '/2/3/', status: 1, sort: 0 },
      { id: 7, parentId: null, name: '旧部门', code: null, path: '/7/', status: 0, sort: 2 },
    ];
    const data = toTreeSelectData(opts, { disableSubtreeOf: 2, hint: (id) => (id === 1 ? '已属于管理成本中心' : null) });
    expect(data.map((d) => [d.title, d.disabled ?? false])).toEqual([
      ['总经办（已属于管理成本中心）', false],
      ['技术中心', true],
      ['旧部门（已停用）', true],
    ]);
    expect(data[1]!.children![0]).toMatchObject({ value: 3, disabled: true });
  });
});

describe('formatYuan', () => {
  it('formats decimal strings with separators and two decimals, without floats', () => {
    expect(formatYuan('12345.67')).toBe('¥12,345.67');
    expect(formatYuan('4000')).toBe('¥4,000.00');
    expect(formatYuan('999999999999.99')).toBe('¥999,999,999,999.99');
    expect(formatYuan('0.5')).toBe('¥0.50');
    expect(formatYuan('007.1')).toBe('¥7.10');
    expect(formatYuan(null)).toBe('—');
  });
});

describe('compareDecimal', () => {
  it('compares amounts exactly', () => {
    expect(compareDecimal('20000.01', '20000')).toBe(1);
    expect(compareDecimal('9', '10.5')).toBe(-1);
    expect(compareDecimal('007.10', '7.1')).toBe(0);
    expect(compareDecimal('999999999999.99', '999999999999.98')).toBe(1);
  });
});

describe('chart layout', () => {
  const { nodeWidth: W, nodeHeight: H, gapX, gapY, margin } = DEFAULT_LAYOUT;
  it('centres a parent over its children and keeps subtrees apart', () => {
    const layout = layoutChart([{ id: 'r', children: [{ id: 'a', children: [] }, { id: 'b', children: [{ id: 'c', children: [] }, { id: 'd', children: [] }] }] }]);
    const at = (id: string) => layout.boxes.find((b) => b.id === id)!;
    expect(at('c').x).toBe(margin + W + gapX);
    expect(at('d').x).toBe(margin + 2 * (W + gapX));
    expect(at('b').x).toBe((at('c').x + at('d').x) / 2);
    expect(at('r').x).toBe((at('a').x + at('b').x) / 2);
    expect(at('c').y).toBe(margin + 2 * (H + gapY));
    expect(layout.width).toBe(margin * 2 + 3 * W + 2 * gapX);
    expect(layout.height).toBe(margin * 2 + 3 * H + 2 * gapY);
    expect(layout.links).toHaveLength(4);
    // no two boxes of a row overlap
    const row2 = layout.boxes.filter((b) => b.depth === 2).sort((a, b) => a.x - b.x);
    expect(row2[1]!.x - row2[0]!.x).toBeGreaterThanOrEqual(W + gapX);
  });
  it('zooms around a point and fits the chart in the viewport', () => {
    const v = zoomAt({ scale: 1, x: 0, y: 0 }, 2, 100, 100);
    expect(v).toEqual({ scale: 2, x: -100, y: -100 });
    expect(zoomAt({ scale: 3, x: 0, y: 0 }, 2, 0, 0).scale).toBe(3);
    expect(fitView(2000, 500, 1000, 500)).toEqual({ scale: 0.5, x: 0, y: 125 });
    expect(fitView(500, 200, 1000, 500).scale).toBe(1);
    expect(initialView(2000, 500, 1000, 500, 1000)).toEqual({ scale: 0.8, x: 500 - 800, y: 8 });
    expect(initialView(1200, 500, 1000, 500, 600).scale).toBe(0.833);
  });
});
