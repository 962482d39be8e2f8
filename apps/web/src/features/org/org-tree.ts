import type { DepartmentNode, DepartmentOption } from '@wfsaas/contracts';

/** Pure helpers over the department tree the server answers (no React, unit-tested). */

export function findDepartment(nodes: readonly DepartmentNode[], id: number): DepartmentNode | null {
  for (const n of nodes) {
    if (n.id === id) return n;
    const hit = findDepartment(n.children, id);
    if (hit) return hit;
  }
  return null;
}

/** The departments in display order (parents before children). */
export function flattenDepartments(nodes: readonly DepartmentNode[]): DepartmentNode[] {
  return nodes.flatMap((n) => [n, ...flattenDepartments(n.children)]);
}

/** The chain of names from the top down to the department (for breadcrumbs and dialogs). */
export function departmentTrail(nodes: readonly DepartmentNode[], id: number): string[] {
  for (const n of nodes) {
    if (n.id === id) return [n.name];
    const below = departmentTrail(n.children, id);
    if (below.length > 0) return [n.name, ...below];
  }
  return [];
}

/** Whether `id` is the department `ancestorId` or lies below it. */
export function isSelfOrDescendant(nodes: readonly DepartmentNode[], ancestorId: number, id: number): boolean {
  const a = findDepartment(nodes, ancestorId);
  return !!a && (a.id === id || findDepartment(a.children, id) !== null);
}

/** Departments whose name or code contains the keyword, with their ancestors (to keep them visible in a tree). */
export function matchingIds(nodes: readonly DepartmentNode[], keyword: string): { matched: Set<number>; visible: Set<number> } {
  const k = keyword.trim().toLowerCase();
  const matched = new Set<number>();
  const visible = new Set<number>();
  const walk = (list: readonly DepartmentNode[], trail: number[]) => {
    for (const n of list) {
      if (k && (n.name.toLowerCase().includes(k) || (n.code ?? '').toLowerCase().includes(k))) {
        matched.add(n.id);
        for (const id of [...trail, n.id]) visible.add(id);
      }
      walk(n.children, [...trail, n.id]);
    }
  };
  walk(nodes, []);
  return { matched, visible };
}

export type DropMode = 'inside' | 'before' | 'after';

/**
 * Where a drag-and-drop puts a department: the new parent (null: the top level) and its 0-based
 * position among the new siblings (the dragged department itself not counted). Null when the drop
 * is onto itself or into its own subtree, or nothing would change.
 */
export function resolveDrop(nodes: readonly DepartmentNode[], dragId: number, targetId: number, mode: DropMode): { parentId: number | null; sort: number } | null {
  if (isSelfOrDescendant(nodes, dragId, targetId)) return null;
  const drag = findDepartment(nodes, dragId);
  const target = findDepartment(nodes, targetId);
  if (!drag || !target) return null;
  let parentId: number | null;
  let sort: number;
  if (mode === 'inside') {
    parentId = target.id;
    sort = 0;
  } else {
    parentId = target.parentId;
    const siblings = (parentId === null ? nodes : (findDepartment(nodes, parentId)?.children ?? [])).filter((s) => s.id !== dragId);
    const at = siblings.findIndex((s) => s.id === target.id);
    sort = mode === 'before' ? at : at + 1;
  }
  const oldSiblings = (drag.parentId === null ? nodes : (findDepartment(nodes, drag.parentId)?.children ?? [])).map((s) => s.id);
  if (parentId === drag.parentId && oldSiblings.indexOf(dragId) === sort) return null;
  return { parentId, sort };
}

/**
 * antd Tree's onDrop information turned into a drop mode: `dropToGap` false is a drop onto the
 * node; otherwise `dropPosition` relative to the node's own index says before (-1) or after.
 */
export function dropModeOf(info: { dropToGap: boolean; dropPosition: number; nodePos: string }): DropMode {
  if (!info.dropToGap) return 'inside';
  const index = Number(info.nodePos.split('-').at(-1));
  return info.dropPosition - index === -1 ? 'before' : 'after';
}

/** Planned minus actual; null when no headcount is planned. Positive: vacancies; negative: over plan. */
export function vacancy(plan: number | null, actual: number): number | null {
  return plan === null ? null : plan - actual;
}

export type TreeSelectNode = { value: number; title: string; key: number; disabled?: boolean; children?: TreeSelectNode[] };

/**
 * A TreeSelect's data from the flat options. `disabledIds` are shown but cannot be chosen (with
 * their subtree when `disableSubtree`), and `hint` adds a note after a title.
 */
export function toTreeSelectData(
  options: readonly DepartmentOption[],
  opts: { disabledIds?: ReadonlySet<number>; disableSubtreeOf?: number | null; hint?: (id: number) => string | null } = {},
): TreeSelectNode[] {
  const byParent = new Map<number | null, DepartmentOption[]>();
  const ids = new Set(options.map((o) => o.id));
  for (const o of options) {
    const key = o.parentId !== null && ids.has(o.parentId) ? o.parentId : null;
    const list = byParent.get(key) ?? [];
    list.push(o);
    byParent.set(key, list);
  }
  for (const list of byParent.values()) list.sort((a, b) => a.sort - b.sort || a.id - b.id);
  const blockedPath = opts.disableSubtreeOf ? options.find((o) => o.id === opts.disableSubtreeOf)?.path : undefined;
  const build = (parent: number | null): TreeSelectNode[] =>
    (byParent.get(parent) ?? []).map((o) => {
      const children = build(o.id);
      const hint = opts.hint?.(o.id);
      const disabled = opts.disabledIds?.has(o.id) || (blockedPath !== undefined && o.path.startsWith(blockedPath)) || o.status !== 1;
      return {
        value: o.id,
        key: o.id,
        title: `${o.name}${o.status !== 1 ? '（已停用）' : ''}${hint ? `（${hint}）` : ''}`,
        ...(disabled ? { disabled: true } : {}),
        ...(children.length > 0 ? { children } : {}),
      };
    });
  return build(null);
}

/**
 * Money as the screens show it: ¥12,345.67 — from the API's decimal string, without going through a
 * floating-point number.
 */
export function formatYuan(value: string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '—';
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(value.trim());
  if (!m) return value;
  const [, sign, int, frac = ''] = m;
  const cents = `${frac}00`.slice(0, 2);
  const grouped = int!.replace(/^0+(?=\d)/, '').replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}¥${grouped}.${cents}`;
}

/** Compares two non-negative decimal strings exactly (no floating point): -1, 0 or 1. */
export function compareDecimal(a: string, b: string): number {
  const norm = (s: string) => {
    const [int = '0', frac = ''] = s.trim().split('.');
    return { int: int.replace(/^0+(?=\d)/, ''), frac: frac.padEnd(2, '0').slice(0, 2) };
  };
  const x = norm(a);
  const y = norm(b);
  if (x.int.length !== y.int.length) return x.int.length < y.int.length ? -1 : 1;
  const l = `${x.int}${x.frac}`;
  const r = `${y.int}${y.frac}`;
  return l === r ? 0 : l < r ? -1 : 1;
}
