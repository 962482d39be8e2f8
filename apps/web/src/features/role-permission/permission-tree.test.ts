import type { RolePermissionNode } from '@wfsaas/contracts';
import { describe, expect, it } from 'vitest';
import {
  allSelectableKeys,
  countChecked,
  filterTree,
  groupByMenuType,
  indexTree,
  initialChecked,
  isGroupKey,
  keysToSave,
  toggleKey,
  treeCheckState,
} from './permission-tree.ts';

const n = (key: string, title: string, opts: Partial<RolePermissionNode> = {}, children: RolePermissionNode[] = []): RolePermissionNode => ({
  key,
  title,
  type: key.includes('.') ? 'action' : 'menu',
  checked: false,
  disabled: false,
  children,
  ...opts,
});

/** The shape rolePermission/tree answers: routes nested by parent, actions under their route. */
const SERVER_TREE: RolePermissionNode[] = [
  n('implement', '实施中心', {}, [n('rolePermission', '角色权限', { checked: true }, [n('rolePermission.edit', '编辑角色与权限')])]),
  n('home', '服务看板', { checked: true }),
  n('corporateCenter', '员工档案', {}, [n('staffRoll', '在职花名册', { checked: true }), n('leftRoll', '离职花名册', { disabled: true })]),
  n('supportAndService', '支持与服务', { disabled: true }, [n('messageCenter', '消息中心'), n('downloadCenter', '下载中心', { checked: true })]),
  n('mysteryKey', '未知入口'),
];

describe('permission tree: grouping by menu group', () => {
  it('puts top-level routes under their header group, in header order; unknown types last as 通用', () => {
    const groups = groupByMenuType(SERVER_TREE);
    expect(groups.map((g) => [g.key, g.title, g.type])).toEqual([
      ['group:1', '核心', 'group'],
      ['group:2', '企业设置', 'group'],
      ['group:998', '实施', 'group'],
      ['group:999', '通用', 'group'],
    ]);
    expect(groups[0]!.children.map((c) => c.key)).toEqual(['home', 'corporateCenter']);
    expect(groups[1]!.children.map((c) => c.key)).toEqual(['supportAndService']);
    expect(groups[2]!.children[0]!.children[0]!.children[0]).toMatchObject({ key: 'rolePermission.edit', type: 'action' });
    expect(groups.every((g) => isGroupKey(g.key))).toBe(true);
    expect(isGroupKey('home')).toBe(false);
  });

  it('a group whose every node is off is disabled', () => {
    const groups = groupByMenuType([n('home', '服务看板', { disabled: true })]);
    expect(groups[0]!.disabled).toBe(true);
    expect(groupByMenuType([])).toEqual([]);
  });
});

describe('permission tree: checking', () => {
  const groups = groupByMenuType(SERVER_TREE);
  const index = indexTree(groups);
  const start = initialChecked(SERVER_TREE);

  it('starts from the keys the server marks checked (never a key that is off)', () => {
    expect([...start].sort()).toEqual(['downloadCenter', 'home', 'rolePermission', 'staffRoll']);
    expect(initialChecked([n('home', '服务看板', { checked: true, disabled: true })]).size).toBe(0);
  });

  it('checking a child also checks its ancestors (not groups, not keys that are off)', () => {
    const next = toggleKey(index, new Set(), 'messageCenter', true);
    expect([...next]).toEqual(['messageCenter']);
    const next2 = toggleKey(index, new Set(), 'rolePermission.edit', true);
    expect([...next2].sort()).toEqual(['implement', 'rolePermission', 'rolePermission.edit']);
  });

  it('checking a node checks its selectable descendants; unchecking clears them all', () => {
    const on = toggleKey(index, new Set(), 'corporateCenter', true);
    expect([...on].sort()).toEqual(['corporateCenter', 'staffRoll']);
    const off = toggleKey(index, new Set(['corporateCenter', 'staffRoll', 'home']), 'corporateCenter', false);
    expect([...off]).toEqual(['home']);
    // Unchecking a child leaves its parent as it was.
    expect([...toggleKey(index, on, 'staffRoll', false)]).toEqual(['corporateCenter']);
  });

  it('a group checks or clears everything selectable below it', () => {
    const on = toggleKey(index, new Set(), 'group:1', true);
    expect([...on].sort()).toEqual(['corporateCenter', 'home', 'staffRoll']);
    expect(toggleKey(index, on, 'group:1', false).size).toBe(0);
    expect(keysToSave(index, on)).toEqual(['home', 'corporateCenter', 'staffRoll']);
  });

  it('does not change the set it was given; unknown keys change nothing', () => {
    const before = new Set(['home']);
    toggleKey(index, before, 'staffRoll', true);
    expect([...before]).toEqual(['home']);
    expect([...toggleKey(index, before, 'nope', true)]).toEqual(['home']);
  });

  it('shows groups and parents with some checked descendants as half-checked', () => {
    const s = treeCheckState(index, start);
    expect(s.checked.sort()).toEqual(['downloadCenter', 'home', 'rolePermission'].concat('staffRoll').sort());
    expect(s.halfChecked.sort()).toEqual(['corporateCenter', 'group:1', 'group:2', 'group:998', 'implement', 'supportAndService'].sort());
    const all = allSelectableKeys(index);
    const full = treeCheckState(index, all);
    expect(full.checked).toEqual(expect.arrayContaining(['group:1', 'group:2', 'group:998', 'group:999']));
    expect(full.halfChecked).toEqual([]);
    expect(all.has('supportAndService')).toBe(false);
    expect(all.has('leftRoll')).toBe(false);
  });

  it('saves the checked keys in tree order, and counts menus and 操作 keys', () => {
    const set = new Set(['rolePermission.edit', 'home', 'rolePermission', 'implement']);
    expect(keysToSave(index, set)).toEqual(['home', 'implement', 'rolePermission', 'rolePermission.edit']);
    expect(countChecked(index, set)).toEqual({ menus: 3, actions: 1 });
  });
});

describe('permission tree: search', () => {
  const groups = groupByMenuType(SERVER_TREE);

  it('keeps matches with their children and the way to them, opened', () => {
    const r = filterTree(groups, '消息');
    expect(r.matches).toBe(1);
    expect(r.nodes.map((g) => g.key)).toEqual(['group:2']);
    expect(r.nodes[0]!.children[0]!.children.map((c) => c.key)).toEqual(['messageCenter']);
    expect(r.expanded).toEqual(['supportAndService', 'group:2']);
    const parent = filterTree(groups, '员工档案');
    expect(parent.nodes[0]!.children[0]!.children.map((c) => c.key)).toEqual(['staffRoll', 'leftRoll']);
  });

  it('an empty keyword is the whole tree; no match is empty', () => {
    expect(filterTree(groups, '  ').nodes).toEqual(groups);
    expect(filterTree(groups, '不存在的权限')).toEqual({ nodes: [], expanded: [], matches: 0 });
  });
});
