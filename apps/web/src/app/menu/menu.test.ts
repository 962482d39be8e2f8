import { describe, expect, it } from 'vitest';
import { permittedRoutes } from '../session/permissions.ts';
import { STORAGE_KEYS } from '../session/session.ts';
import { createMemoryStorage } from '../session/storage.ts';
import { toNameSet } from '../routing/route-view.ts';
import {
  availableMenuTypes,
  badgeFor,
  breadcrumbTitles,
  buildMenuTree,
  DEFAULT_MENU_MODE,
  effectiveMenuType,
  firstPathOfGroup,
  menuSelection,
  menuShortcuts,
  readActiveMenu,
  recordActiveMenu,
  resolveMenuType,
  type MenuNode,
} from './menu.ts';
import { findRoute, PERMISSION_KEYS } from '@wfsaas/contracts';

const STAFF_MAP = Object.fromEntries(['home', 'corporateCenter', 'staffRoll', 'messageCenter', 'downloadCenter', 'gztVite', 'importPayslip', 'payslipManagement', 'payslipDetails'].map((k) => [k, true]));
const ADMIN_MAP = Object.fromEntries(PERMISSION_KEYS.map((k) => [k, true]));
const staff = permittedRoutes(STAFF_MAP);
const admin = permittedRoutes(ADMIN_MAP);

const titles = (nodes: MenuNode[]): unknown[] => nodes.map((n) => (n.children.length ? { [n.title]: titles(n.children) } : n.title));

describe('menus by type (SPEC §2, §6)', () => {
  it('the core menu of the HR staff role holds only what it grants', () => {
    expect(titles(buildMenuTree(staff, 1))).toEqual(['服务看板', { 员工档案: ['在职花名册'] }]);
  });

  it('the administrator sees the whole core menu', () => {
    const tree = buildMenuTree(admin, 1);
    expect(tree.map((n) => n.title)).toEqual(['服务看板', '组织架构', '员工服务', '自助入职', '员工档案', '合同管理', '异动办理', '离职管理']);
    expect(titles(tree.filter((n) => n.name === 'organizationalstructure'))).toEqual([{ 组织架构: ['组织与编制', '组织架构图', '职位职级', '成本中心'] }]);
    expect(tree.find((n) => n.name === 'corporateCenter')!.children.map((c) => c.title)).toEqual(['在职花名册', '集团档案']);
  });

  it('hidden routes are never menu entries', () => {
    const all = [1, 2, 3, 7, 9, 998].flatMap((t) => buildMenuTree(admin, t as 1)).flatMap(function flat(n): MenuNode[] {
      return [n, ...n.children.flatMap(flat)];
    });
    const names = all.map((n) => n.name);
    expect(names).not.toContain('payslipDetails');
    expect(names).not.toContain('newEmployee');
    expect(names.every((n) => !findRoute(n)!.hide)).toBe(true);
  });

  it('an entry whose parent is not granted moves up a level, with its group icon', () => {
    const tree = buildMenuTree(staff, 2);
    expect(titles(tree)).toEqual(['消息中心', '下载中心']);
    expect(tree.map((n) => n.icon)).toEqual(['CustomerServiceOutlined', 'CustomerServiceOutlined']);
  });

  it('groups available to a role, in header order', () => {
    expect(availableMenuTypes(admin)).toEqual([1, 2, 3, 7, 9, 998]);
    // implementation centre and salary calculation are hasRole routes (SPEC §6)
    expect(availableMenuTypes(staff)).toEqual([1, 2, 7, 998]);
  });

  it('mode 999 (default) shows the core group; the current route picks its own group', () => {
    expect(DEFAULT_MENU_MODE).toBe(999);
    expect(effectiveMenuType(999)).toBe(1);
    expect(effectiveMenuType(4)).toBe(1);
    expect(effectiveMenuType(7)).toBe(7);
    const types = availableMenuTypes(admin);
    expect(resolveMenuType(undefined, null, types)).toBe(1);
    expect(resolveMenuType(undefined, 3, types)).toBe(3);
    expect(resolveMenuType(findRoute('importPayslip'), 1, types)).toBe(7);
    expect(resolveMenuType(findRoute('home'), 7, types)).toBe(1);
    expect(resolveMenuType(undefined, 3, availableMenuTypes(staff))).toBe(1);
  });

  it('the header switch opens the first page of a group', () => {
    const names = toNameSet(admin);
    expect(firstPathOfGroup(buildMenuTree(admin, 7), names)).toBe('/taxReturn/selectInsured');
    expect(firstPathOfGroup(buildMenuTree(staff, 7), toNameSet(staff))).toBe('/gzt-vite/importPayslip');
    expect(firstPathOfGroup([], names)).toBeNull();
  });

  it('highlights the entry a hidden page hangs under and opens its parents', () => {
    expect(menuSelection('payslipDetails')).toEqual({ selectedKey: 'payslipManagement', openKeys: ['gztVite'] });
    expect(menuSelection('home')).toEqual({ selectedKey: 'home', openKeys: [] });
    expect(menuSelection('baseData')).toEqual({ selectedKey: 'baseData', openKeys: ['qtSalary', 'shareData'] });
    expect(menuSelection(undefined)).toEqual({ selectedKey: null, openKeys: [] });
    expect(breadcrumbTitles('payslipDetails')).toEqual(['工资条', '工资条管理', '工资条详情']);
  });

  it('leaving a route records the active entry and its parent', () => {
    const storage = createMemoryStorage();
    expect(recordActiveMenu(storage, 'payslipDetails')).toEqual({ active: 'payslipManagement', parent: 'gztVite' });
    expect(JSON.parse(storage.getItem(STORAGE_KEYS.activeMenu)!)).toEqual({ active: 'payslipManagement', parent: 'gztVite' });
    expect(readActiveMenu(storage)).toEqual({ active: 'payslipManagement', parent: 'gztVite' });
    recordActiveMenu(storage, 'home');
    expect(readActiveMenu(storage)).toEqual({ active: 'home', parent: null });
  });

  it('bill management shows its badge only for a positive count', () => {
    const bill = buildMenuTree(admin, 2).flatMap((n) => [n, ...n.children]).find((n) => n.name === 'billManagement')!;
    expect(bill.badgeKey).toBe('billCount');
    expect(badgeFor(bill, {})).toBeNull();
    expect(badgeFor(bill, { billCount: 0 })).toBeNull();
    expect(badgeFor(bill, { billCount: 3 })).toBe(3);
    expect(badgeFor({ badgeKey: undefined }, { billCount: 3 })).toBeNull();
  });

  it('home shortcuts are real links to what the role may open', () => {
    const s = menuShortcuts(staff, toNameSet(staff));
    expect(s.map((g) => g.label)).toEqual(['核心', '企业设置', '薪酬', '实施']);
    expect(s[0]!.items).toEqual([
      { name: 'home', title: '服务看板', icon: 'HomeOutlined', to: '/home' },
      { name: 'corporateCenter', title: '员工档案', icon: 'TeamOutlined', to: '/staffRoll' },
    ]);
  });
});
