import { describe, expect, it } from 'vitest';
import { usableRoutes } from '../session/permissions.ts';
import { STORAGE_KEYS } from '../session/session.ts';
import { createMemoryStorage } from '../session/storage.ts';
import { resolveRouteView, toNameSet } from '../routing/route-view.ts';
import { SCREEN_NAMES } from '../routing/screen-names.ts';
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
  nodeTarget,
  readActiveMenu,
  recordActiveMenu,
  resolveMenuType,
  type MenuNode,
} from './menu.ts';
import { findRoute, isAlias, isMenuGroup, PERMISSION_KEYS, ROUTES, screenNeeds, type MenuType, type RouteDef } from '@wfsaas/contracts';

/** The demo HR staff role (apps/server/src/seed/demo.ts DEMO_STAFF_PERMISSIONS). */
const STAFF_MAP = Object.fromEntries(['home', 'corporateCenter', 'staffRoll', 'messageCenter', 'downloadCenter', 'gztVite', 'importPayslip', 'payslipManagement', 'payslipDetails'].map((k) => [k, true]));
const ADMIN_MAP = Object.fromEntries(PERMISSION_KEYS.map((k) => [k, true]));
const grant = (...keys: string[]) => Object.fromEntries(keys.map((k) => [k, true]));
const staff = usableRoutes(STAFF_MAP);
const admin = usableRoutes(ADMIN_MAP);
/** The built screens, as the app frame has them (pages.ts: 首页 and SCREEN_NAMES). */
const BUILT: ReadonlySet<string> = new Set(['home', ...SCREEN_NAMES]);
const GROUP_TYPES: MenuType[] = [1, 2, 3, 7, 9, 998];

const flatten = (nodes: readonly MenuNode[]): MenuNode[] => nodes.flatMap((n) => [n, ...flatten(n.children)]);
/** The menu nodes from the root to the node named `name` (empty when it is not in the tree). */
function pathTo(nodes: readonly MenuNode[], name: string): MenuNode[] {
  for (const n of nodes) {
    if (n.name === name) return [n];
    const below = pathTo(n.children, name);
    if (below.length > 0) return [n, ...below];
  }
  return [];
}

const titles = (nodes: MenuNode[]): unknown[] => nodes.map((n) => (n.children.length ? { [n.title]: titles(n.children) } : n.title));

describe('menus by type', () => {
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
    // 实施 holds only role-gated screens whose calls need keys the HR staff role does not hold
    expect(availableMenuTypes(staff)).toEqual([1, 2, 7]);
  });

  it('the HR staff role is offered no 算薪 or 实施 entry, and nothing whose screen needs a key it lacks', () => {
    expect(titles(buildMenuTree(staff, 7))).toEqual([{ 工资条: ['导入工资条', '工资条管理'] }]);
    expect(buildMenuTree(staff, 998)).toEqual([]);
    const holds = (k: string) => STAFF_MAP[k] === true;
    for (const type of GROUP_TYPES) {
      for (const node of flatten(buildMenuTree(staff, type))) {
        const r = findRoute(node.name)!;
        const { all, anyOf } = screenNeeds(r);
        expect(all.every(holds) && (anyOf.length === 0 || anyOf.some(holds)), node.name).toBe(true);
        if (!r.meta.hasRole) expect(holds(r.name), node.name).toBe(true);
      }
    }
  });

  it('a role-gated group shows the entries whose screens the role can use', () => {
    const payroll = usableRoutes(grant('salaryManagement', 'fzsxappIndex'));
    expect(titles(buildMenuTree(payroll, 7))).toEqual([{ 算薪: ['开始算薪', { 算薪服务: ['薪资组管理'] }] }]);
    // 批次算薪 also reads the salary groups: not offered without them
    expect(titles(buildMenuTree(usableRoutes(grant('salaryByBatch')), 7))).toEqual([]);
    expect(titles(buildMenuTree(usableRoutes(grant('fzsxappIndex')), 7))).toEqual([{ 算薪: ['开始算薪'] }]);
    // a submenu granted without any of its entries leads nowhere: not listed
    expect(titles(buildMenuTree(usableRoutes(grant('home', 'corporateCenter')), 1))).toEqual(['服务看板']);
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

  it('the header switch lands on the first built screen of a group, not on a not-available page', () => {
    // 社保托管 comes first in 薪酬: the administrator lands on 选择参保主体; HR专员 holds none of its keys;
    // 企业设置 lands on 企业信息, its first screen
    expect(firstPathOfGroup(buildMenuTree(admin, 7), BUILT)).toBe('/taxReturn/selectInsured');
    expect(firstPathOfGroup(buildMenuTree(admin, 2), BUILT)).toBe('/enterpriseInformation');
    expect(firstPathOfGroup(buildMenuTree(staff, 7), BUILT)).toBe('/gzt-vite/importPayslip');
    expect(firstPathOfGroup(buildMenuTree(staff, 2), BUILT)).toBe('/messageCenter');
    // 外包用工 lands on 外包看板; the 外包服务 submenu opens 方案管理
    expect(firstPathOfGroup(buildMenuTree(admin, 9), BUILT)).toBe('/outsourcingLabor/initiateIndex');
    expect(resolveRouteView(findRoute('outsourcingLabor')!, toNameSet(admin), BUILT)).toEqual({ kind: 'redirect', to: '/outsourcingLabor/initiateIndex' });
    expect(resolveRouteView(findRoute('qtOutsource')!, toNameSet(admin), BUILT)).toEqual({ kind: 'redirect', to: '/qtOutsource/allocationPlanConfiguration' });
    for (const name of ['initiateIndex', 'allocationPlanConfiguration', 'condominiumManage']) expect(resolveRouteView(findRoute(name)!, toNameSet(admin), BUILT).kind, name).toBe('page');
    expect(firstPathOfGroup([], BUILT)).toBeNull();
  });

  it('for every role and group the landing page is a screen the role can open', () => {
    const roles: RouteDef[][] = [admin, staff, usableRoutes(grant('home', 'salaryManagement', 'fzsxappCalendarList', 'assetsList'))];
    for (const usable of roles) {
      const names = toNameSet(usable);
      for (const type of availableMenuTypes(usable)) {
        const tree = buildMenuTree(usable, type);
        const to = firstPathOfGroup(tree, BUILT)!;
        const target = ROUTES.find((r) => r.path === to)!;
        const anyBuilt = flatten(tree).some((n) => BUILT.has(n.name));
        expect(resolveRouteView(target, names, BUILT).kind, `${type} → ${to}`).toBe(anyBuilt ? 'page' : 'notAvailable');
      }
    }
  });

  it('highlights the entry a hidden page hangs under and opens its parents', () => {
    expect(menuSelection('payslipDetails')).toEqual({ selectedKey: 'payslipManagement', openKeys: ['gztVite'] });
    expect(menuSelection('home')).toEqual({ selectedKey: 'home', openKeys: [] });
    expect(menuSelection('baseData')).toEqual({ selectedKey: 'baseData', openKeys: ['qtSalary', 'shareData'] });
    expect(menuSelection('importTableDataBatch')).toEqual({ selectedKey: 'importTableData', openKeys: ['qtSalary', 'shareData'] });
    expect(menuSelection('configSalaryGroup')).toEqual({ selectedKey: 'salaryManagement', openKeys: ['qtSalary', 'calculateService'] });
    expect(menuSelection('calendarList')).toEqual({ selectedKey: 'fzsxappCalendarList', openKeys: ['qtSalary', 'shareData'] });
    // /fzsxapp/home only redirects to /fzsxapp/index: no 开始算薪 submenu around the 开始算薪 entry
    expect(menuSelection('fzsxappIndex')).toEqual({ selectedKey: 'fzsxappIndex', openKeys: ['qtSalary'] });
    // an alias highlights its target's entry
    expect(menuSelection('root')).toEqual({ selectedKey: 'home', openKeys: [] });
    expect(menuSelection('fzsxappHome')).toEqual({ selectedKey: 'fzsxappIndex', openKeys: ['qtSalary'] });
    expect(menuSelection('signedPackageManageRedirect')).toEqual({ selectedKey: 'signedPackageManage', openKeys: [] });
    expect(menuSelection(undefined)).toEqual({ selectedKey: null, openKeys: [] });
    expect(breadcrumbTitles('payslipDetails')).toEqual(['工资条', '工资条管理', '工资条详情']);
  });

  it('exactly one menu key is active on every route of the table, or none for hidden routes without a parent', () => {
    const groupLevelPages = new Set(['appCenter', 'helpCenter', 'feedBack']);
    for (const r of ROUTES) {
      const { selectedKey, openKeys } = menuSelection(r.name);
      if (r.hide && !r.meta.parent && !isAlias(r)) {
        expect(selectedKey, r.name).toBeNull();
        continue;
      }
      // the active key is a node of the route's menu, and exactly its submenus are open
      const path = pathTo(buildMenuTree(admin, r.type as MenuType), selectedKey!);
      expect(path.length, `${r.name} → ${selectedKey}`).toBeGreaterThan(0);
      expect(openKeys, r.name).toEqual(path.slice(0, -1).map((n) => n.name));
      const node = path.at(-1)!;
      // an entry (a menu item), but for a submenu's own URL and the pages that belong to a submenu alone
      if (!isMenuGroup(r) && !groupLevelPages.has(r.name)) expect(node.children, `${r.name} → ${selectedKey}`).toEqual([]);
    }
  });

  it('no submenu holds an entry of its own title, and no title is listed twice in a menu (日历数据 once)', () => {
    for (const type of GROUP_TYPES) {
      const nodes = flatten(buildMenuTree(admin, type));
      for (const n of nodes) for (const c of n.children) expect(c.title, n.name).not.toBe(n.title);
      const seen = nodes.map((n) => n.title);
      expect(seen.filter((t, i) => seen.indexOf(t) !== i), String(type)).toEqual([]);
    }
    expect(flatten(buildMenuTree(admin, 7)).filter((n) => n.title === '日历数据').map((n) => n.path)).toEqual(['/fzsxapp/calendarList']);
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

  it('the download centre shows how many exports are still being made', () => {
    const downloads = buildMenuTree(admin, 2).flatMap((n) => [n, ...n.children]).find((n) => n.name === 'downloadCenter')!;
    expect(downloads.badgeKey).toBe('exportingCount');
    expect(badgeFor(downloads, { exportingCount: 0 })).toBeNull();
    expect(badgeFor(downloads, { exportingCount: 2, billCount: 5 })).toBe(2);
  });

  it('home shortcuts are real links to what the role may open', () => {
    const s = menuShortcuts(staff, BUILT);
    expect(s.map((g) => g.label)).toEqual(['核心', '企业设置', '薪酬']);
    expect(s[0]!.items).toEqual([
      { name: 'home', title: '服务看板', icon: 'HomeOutlined', to: '/home' },
      { name: 'corporateCenter', title: '员工档案', icon: 'TeamOutlined', to: '/staffRoll' },
    ]);
    expect(s[2]!.items).toEqual([{ name: 'gztVite', title: '工资条', icon: 'ProfileOutlined', to: '/gzt-vite/importPayslip' }]);
    const names = toNameSet(staff);
    for (const item of s.flatMap((g) => g.items)) {
      const target = ROUTES.find((r) => r.path === item.to)!;
      expect(resolveRouteView(target, names, BUILT).kind, item.to).toBe('page');
    }
  });

  it('a submenu shortcut opens its first built screen', () => {
    const core = buildMenuTree(admin, 1);
    // 组织与编制 is built; a group with nothing built opens its first entry
    expect(nodeTarget(core.find((n) => n.name === 'organizationalstructure')!, BUILT)).toBe('/organizationalstructure/index');
    expect(nodeTarget(buildMenuTree(admin, 7).find((n) => n.name === 'socialTrusteeship')!, BUILT)).toBe('/taxReturn/selectInsured');
  });
});
