import { describe, expect, it } from 'vitest';
import { EC_READ_ANY } from './econtracts.ts';
import { PAYROLL_DATA_PERMISSIONS } from './payroll-data.ts';
import { PAYROLL_PERMISSIONS } from './payroll.ts';
import { isPermissionKey } from './permissions.ts';
import {
  ESIGN_PREFIX,
  ROUTES,
  ROUTE_NAMES,
  canUseRoute,
  childRoutes,
  filterRoutesByPermission,
  filterUsableRoutes,
  findRoute,
  isAlias,
  isMenuEntry,
  isMenuGroup,
  routesByMenuType,
  screenNeeds,
  type MenuType,
  type RouteDef,
  type RouteName,
} from './routes.ts';

/**
 * Every screen path of the product, typed out by hand (not from ROUTES). `{esign}` is written out as
 * '/qszx-vite' on purpose, so a changed ESIGN_PREFIX fails here.
 */
const PRODUCT_PATHS = {
  public: [
    '/login',
    '/excessive/company',
    '/companyGuide',
    '/noCompany',
    '/notAvailable',
    '/qszx-vite/detailWeifen/:contractId',
  ],
  core: [
    '/',
    '/home',
    '/organizationalstructure',
    '/organizationalstructure/index',
    '/organizationalstructure/indexduo',
    '/organizationalstructure/positionRank',
    '/organizationalstructure/costCenter',
    '/employee',
    '/employee/employeeBrand',
    '/employee/employeeTasks',
    '/selfOnboarding',
    '/selfOnboarding/invite',
    '/selfOnboarding/list',
    '/staffRoll/importTemplate/:name',
    '/newemployee/:type',
    '/corporateCenter',
    '/staffRoll',
    '/employeeManage',
    '/qtSaas',
  ],
  employeeAndContract: [
    '/contractManagement/employeeContractManagement',
    '/contractManagement/detail/:contractId',
    '/contractManagement/detailWeifen/:contractId',
    '/staffRoll/groupInformation',
    '/peoplelist',
    '/transaction',
    '/staffManagement/changeAlternation/conversion',
    '/staffManagement/changeAlternation/alternation',
    '/staffManagement/changeAlternation/renewal',
    '/staffManagement/changeAlternation/contractAlter',
    '/dimissionManager',
    '/staffManagement/changeAlternation/doQuit',
    '/staffManagement/changeAlternation/dimissionRoster',
  ],
  socialInsurance: [
    '/socialTrusteeship',
    '/taxReturn/selectInsured',
    '/socialTrusteeship/progressReporting/applyMonth',
    '/taxReturn/insuranceInformation',
    '/taxReturn/insuranceRecord',
    '/taxReturn/progressReportDetail/:applyId',
  ],
  payslip: ['/gzt-vite', '/gzt-vite/importPayslip', '/gzt-vite/payslipManagement', '/gzt-vite/payslipDetails/:id'],
  payrollAndTax: [
    '/dfdbs',
    '/generationexpend/submitPayslip',
    '/generationexpend/payslipList',
    '/generationexpend/payroll',
    '/generationexpend/declarationRecords',
    '/generationexpend/mitWagesprisedetal/:payslipId',
  ],
  implementation: [
    '/implement',
    '/implement/systemInitialize',
    '/implement/customTable/modifyForm/:id',
    '/implement/pushChannel',
    '/implement/rolePermission',
    '/implement/dictionaryCenter',
    '/implement/systemConfig',
    '/implement/payConfig',
  ],
  esign: [
    '/qxqImplement',
    '/qszx-vite/initType',
    '/qszx-vite/contractConfig',
    '/qszx-vite/initiateSigning',
    '/qszx-vite/signContract',
    '/qszx-vite/signedContract',
    '/qszx-vite/detail/:contractId',
    '/qszx-vite/signedPackageManage',
    '/signedPackageManage',
    '/qszx-vite/contractTemplatesList/:packageId',
    '/qszx-vite/contractTemplatesdetal/:templateId',
    '/proveService',
    '/qszx-vite/sealList',
  ],
  salary: [
    '/qtSalary',
    '/fzsxapp/calculateTaskManagement',
    '/fzsxapp/calculateTaskConfig/:id',
    '/fzsxapp/originalTableConfig/:id/:parentId/:title',
    '/fzsxapp/pivotTableConfig/:id/:parentId/:title',
    '/fzsxapp/mergeTableConfig/:id/:parentId/:title',
    '/fzsxapp/mergeTableGenerate/:id/:parentId/:title',
    '/fzsxapp/gatherTableConfig/:id/:parentId/:title',
    '/fzsxapp/gatherTable',
    '/fzsxapp/gatherTable/fieldConfig/:id',
    '/fzsxapp/biConfig',
    '/fzsxapp/biConfig/detail/:id',
    '/fzsxapp/home',
    '/fzsxapp/index',
    '/deliveryService',
    '/fzsxapp/biIntelligentReport',
    '/fzsxapp/biReportCollection/:id',
    '/fzsxapp/biReportCollection/list/:id',
    '/fzsxapp/gatherReport',
    '/fzsxapp/gatherReport/list/:id',
    '/calculateService',
    '/fzsxapp/salaryManagement',
    '/fzsxapp/salaryByBatch',
    '/fzsxapp/salaryPerDataImport/:id',
    '/fzsxapp/checkDataIntegrity/:id',
    '/fzsxapp/startCalculateSalary/:id',
    '/fzsxapp/dataGroupMaintenance',
    '/fzsxapp/dataDetail/:id',
    '/fzsxapp/calculateSalaryDetail/:id',
    '/fzsxapp/configSalaryGroup/:id',
    '/fzsxapp/submitPayroll/:id',
    '/shareData',
    '/fzsxapp/shareData',
    '/fzsxapp/baseData',
    '/fzsxapp/importTableData',
    '/fzsxapp/importTableDataBatch/:id',
    '/fzsxapp/importTableDataDetail/:id',
    '/fzsxapp/iotData',
    '/fzsxapp/iotData/detail/:id',
    '/fzsxapp/applicationData',
    '/fzsxapp/applicationData/detail/:id',
    '/calendarList',
    '/fzsxapp/calendarList',
    '/fzsxapp/calendarDetail/:id',
  ],
  outsourcingService: [
    '/qtOutsource',
    '/qtOutsource/allocationPlanConfiguration',
    '/qtOutsource/condominiumManage',
    '/forQtOutsource/contractTemplatesList/:packageId',
    '/forQtOutsource/contractTemplatesdetal/:templateId',
  ],
  enterpriseSettings: [
    '/enterpriseInformation',
    '/accredit',
    '/assetsList',
    '/employmentRelationship',
    '/serviceConfiguration',
    '/serviceConfiguration/:typeValue',
    '/contractlist',
    '/fiduciaryaccount',
    '/watermarkList',
    '/enterpriseInformation/transactionSet',
  ],
  trade: ['/tradeInformation', '/billManagement', '/invoiceManagement', '/tradeInformation/salaryDetails/:reportId'],
  support: [
    '/supportAndService',
    '/orderManagement',
    '/managementDetail/:id/:name',
    '/messageCenter',
    '/downloadCenter',
    '/appCenter',
    '/helpCenter',
    '/feedBack',
  ],
  outsourcedLabour: [
    '/outsourcingLabor',
    '/outsourcingLabor/initiateIndex',
    '/outsourcingLabor/onboardingManagement/initiateOnboarding',
    '/outsourcingLabor/onboardingManagement/initiateOnboardingStep',
    '/outsourcingLabor/onboardingManagement/initiateOnboardingList',
    '/staffRoll/dispatch',
    '/staffRoll/epiboly',
    '/outsourcingLabor/quitJobManage',
    '/wbEmployee',
    '/outsourcingLabor/outsourceOrder/fillPostOrder',
    '/outsourcingLabor/outsourceOrder/fillPostOrderDetail/:id/:name',
    '/outsourcingLabor/outsourceOrder/dismissOrder',
    '/outsourcingLabor/outsourceOrder/dismissOrderDetail/:id/:name',
  ],
} as const;

const ALL_PRODUCT_PATHS: string[] = Object.values(PRODUCT_PATHS).flat();

/** Hidden paths (plus /helpCenter and /feedBack, also hidden). */
const H_PATHS = [
  '/staffRoll/importTemplate/:name',
  '/newemployee/:type',
  '/contractManagement/detail/:contractId',
  '/contractManagement/detailWeifen/:contractId',
  '/peoplelist',
  '/taxReturn/progressReportDetail/:applyId',
  '/gzt-vite/payslipDetails/:id',
  '/generationexpend/mitWagesprisedetal/:payslipId',
  '/implement/customTable/modifyForm/:id',
  '/qszx-vite/detail/:contractId',
  '/qszx-vite/contractTemplatesList/:packageId',
  '/qszx-vite/contractTemplatesdetal/:templateId',
  '/fzsxapp/calculateTaskConfig/:id',
  '/fzsxapp/originalTableConfig/:id/:parentId/:title',
  '/fzsxapp/pivotTableConfig/:id/:parentId/:title',
  '/fzsxapp/mergeTableConfig/:id/:parentId/:title',
  '/fzsxapp/mergeTableGenerate/:id/:parentId/:title',
  '/fzsxapp/gatherTableConfig/:id/:parentId/:title',
  '/fzsxapp/gatherTable/fieldConfig/:id',
  '/fzsxapp/biConfig/detail/:id',
  '/fzsxapp/biReportCollection/:id',
  '/fzsxapp/biReportCollection/list/:id',
  '/fzsxapp/gatherReport/list/:id',
  '/fzsxapp/salaryPerDataImport/:id',
  '/fzsxapp/checkDataIntegrity/:id',
  '/fzsxapp/startCalculateSalary/:id',
  '/fzsxapp/dataGroupMaintenance',
  '/fzsxapp/dataDetail/:id',
  '/fzsxapp/calculateSalaryDetail/:id',
  '/fzsxapp/configSalaryGroup/:id',
  '/fzsxapp/submitPayroll/:id',
  '/fzsxapp/importTableDataBatch/:id',
  '/fzsxapp/importTableDataDetail/:id',
  '/fzsxapp/iotData/detail/:id',
  '/fzsxapp/applicationData/detail/:id',
  '/fzsxapp/calendarDetail/:id',
  '/forQtOutsource/contractTemplatesList/:packageId',
  '/forQtOutsource/contractTemplatesdetal/:templateId',
  '/contractlist',
  '/fiduciaryaccount',
  '/watermarkList',
  '/enterpriseInformation/transactionSet',
  '/tradeInformation/salaryDetails/:reportId',
  '/managementDetail/:id/:name',
  '/appCenter',
  '/helpCenter',
  '/feedBack',
  '/outsourcingLabor/onboardingManagement/initiateOnboardingStep',
  '/outsourcingLabor/outsourceOrder/fillPostOrderDetail/:id/:name',
  '/outsourcingLabor/outsourceOrder/dismissOrderDetail/:id/:name',
];

const REDIRECTS: Record<string, string> = {
  '/': '/home',
  '/organizationalstructure': '/organizationalstructure',
  '/employee': '/employee',
  '/selfOnboarding': '/selfOnboarding',
  '/corporateCenter': '/corporateCenter',
  '/socialTrusteeship': '/socialTrusteeship',
  '/qtOutsource': '/qtOutsource',
  '/transaction': '/staffManagement/changeAlternation/conversion',
  '/dimissionManager': '/staffManagement/changeAlternation/doQuit',
  '/gzt-vite': '/gzt-vite/importPayslip',
  '/dfdbs': '/generationexpend/submitPayslip',
  '/qxqImplement': '/qszx-vite/initType',
  '/signedPackageManage': '/qszx-vite/signedPackageManage',
  '/proveService': '/qszx-vite/sealList',
  '/fzsxapp/home': '/fzsxapp/index',
  '/deliveryService': '/fzsxapp/biIntelligentReport',
  '/calculateService': '/fzsxapp/salaryManagement',
  '/shareData': '/fzsxapp/shareData',
  '/outsourcingLabor': '/outsourcingLabor/initiateIndex',
  // /calendarList and /fzsxapp/calendarList are one screen: one menu entry, the other path leads to it
  '/calendarList': '/fzsxapp/calendarList',
};

/** Names the server already uses as permission keys. */
const REQUIRED_NAMES: Record<string, string> = {
  home: '/home',
  staffRoll: '/staffRoll',
  rolePermission: '/implement/rolePermission',
  messageCenter: '/messageCenter',
  downloadCenter: '/downloadCenter',
  enterpriseInformation: '/enterpriseInformation',
  accredit: '/accredit',
  systemInitialize: '/implement/systemInitialize',
  organizationalIndex: '/organizationalstructure/index',
  positionRank: '/organizationalstructure/positionRank',
  costCenter: '/organizationalstructure/costCenter',
  employeeContractManagement: '/contractManagement/employeeContractManagement',
  signedPackageManage: '/qszx-vite/signedPackageManage',
  sealList: '/qszx-vite/sealList',
  importPayslip: '/gzt-vite/importPayslip',
  payslipManagement: '/gzt-vite/payslipManagement',
  payslipDetails: '/gzt-vite/payslipDetails/:id',
  billManagement: '/billManagement',
  orderManagement: '/orderManagement',
  login: '/login',
  notAvailable: '/notAvailable',
  noCompany: '/noCompany',
  companyGuide: '/companyGuide',
  companyChoice: '/excessive/company',
  pendingSignDetail: '/qszx-vite/detailWeifen/:contractId',
};

const routeAt = (path: string): RouteDef => {
  const found = ROUTES.filter((r) => r.path === path);
  expect(found, `exactly one route for ${path}`).toHaveLength(1);
  return found[0];
};

const CJK = /[\u3400-\u9fff]/;

describe('route table — coverage of docs/product.md#screens', () => {
  it('ESIGN_PREFIX is the chosen e-signature prefix', () => {
    expect(ESIGN_PREFIX).toBe('/qszx-vite');
  });

  it('the literal list of product routes has no duplicates', () => {
    expect(new Set(ALL_PRODUCT_PATHS).size).toBe(ALL_PRODUCT_PATHS.length);
  });

  it('every product route is in ROUTES exactly once, and ROUTES has nothing else', () => {
    const routePaths = ROUTES.map((r) => r.path);
    const missing = ALL_PRODUCT_PATHS.filter((p) => !routePaths.includes(p));
    const extra = routePaths.filter((p) => !ALL_PRODUCT_PATHS.includes(p));
    expect(missing).toEqual([]);
    expect(extra).toEqual([]);
    expect(new Set(routePaths).size).toBe(routePaths.length);
    expect(ROUTES.length).toBe(ALL_PRODUCT_PATHS.length);
  });

  it('RouteName is a literal union (checked by tsc in npm run typecheck)', () => {
    const ok: RouteName = 'signedPackageManage';
    // @ts-expect-error — not a route name
    const bad: RouteName = 'notARouteName';
    expect([ok, bad]).toHaveLength(2);
  });

  it('names are unique camelCase and ROUTE_NAMES mirrors the table', () => {
    const names = ROUTES.map((r) => r.name);
    expect(new Set(names).size).toBe(names.length);
    for (const n of names) expect(n, n).toMatch(/^[a-z][a-zA-Z0-9]*$/);
    expect([...ROUTE_NAMES]).toEqual(names);
  });

  it('the permission-key names exist with their paths', () => {
    for (const [name, path] of Object.entries(REQUIRED_NAMES)) {
      expect(findRoute(name)?.path, name).toBe(path);
    }
    expect(findRoute('signedPackageManageRedirect')?.path).toBe('/signedPackageManage');
    expect(findRoute('noSuchRoute')).toBeUndefined();
  });

  it('paths are absolute and use :param syntax only', () => {
    for (const r of ROUTES) {
      expect(r.path, r.name).toMatch(/^\//);
      expect(r.path, r.name).not.toMatch(/[{}]/);
    }
  });
});

describe('route table — metadata', () => {
  it('redirects are exactly as docs/product.md#screens', () => {
    for (const [from, to] of Object.entries(REDIRECTS)) {
      expect(routeAt(from).redirect, from).toBe(to);
    }
    const withRedirect = ROUTES.filter((r) => r.redirect !== undefined).map((r) => r.path);
    expect(withRedirect.sort()).toEqual(Object.keys(REDIRECTS).sort());
  });

  it('every redirect target is itself a route', () => {
    const paths = new Set<string>(ROUTES.map((r) => r.path));
    for (const to of Object.values(REDIRECTS)) expect(paths.has(to), to).toBe(true);
  });

  it('every H route is hidden, and so are public routes, / and /signedPackageManage', () => {
    for (const p of H_PATHS) expect(routeAt(p).hide, p).toBe(true);
    for (const p of PRODUCT_PATHS.public) expect(routeAt(p).hide, p).toBe(true);
    expect(routeAt('/').hide).toBe(true);
    expect(routeAt('/signedPackageManage').hide).toBe(true);
  });

  it('menu entries are exactly the non-hidden ones; visible level-1 entries carry an icon', () => {
    for (const r of ROUTES) {
      expect(r.meta.menu, r.name).toBe(!r.hide);
      if (!r.hide && r.meta.level === 1) expect(r.meta.icon, r.name).toMatch(/^[A-Z][A-Za-z]+Outlined$/);
    }
    for (const p of ['/home', '/staffRoll', '/qszx-vite/signedPackageManage', '/billManagement', '/fzsxapp/index']) {
      expect(routeAt(p).hide, p).toBe(false);
    }
  });

  it('hasRole is true exactly for the implementation centre, salary calculation and the contract detail variant', () => {
    const expected = new Set<string>([
      ...PRODUCT_PATHS.implementation,
      ...PRODUCT_PATHS.salary,
      '/contractManagement/detailWeifen/:contractId',
    ]);
    const actual = new Set(ROUTES.filter((r) => r.meta.hasRole).map((r) => r.path));
    expect([...actual].sort()).toEqual([...expected].sort());
    for (const p of [
      ...PRODUCT_PATHS.socialInsurance,
      ...PRODUCT_PATHS.payslip,
      ...PRODUCT_PATHS.payrollAndTax,
      ...PRODUCT_PATHS.public,
      '/contractManagement/detail/:contractId',
    ]) {
      expect(routeAt(p).meta.hasRole, p).toBe(false);
    }
    for (const r of ROUTES) {
      if (r.path.startsWith('/fzsxapp/')) expect(r.meta.hasRole, r.path).toBe(true);
    }
  });

  it('keepAlive only on contract package management', () => {
    const kept = ROUTES.filter((r) => r.meta.keepAlive).map((r) => r.path);
    expect(kept).toEqual([`${ESIGN_PREFIX}/signedPackageManage`]);
  });

  it('badge keys only on billManagement (billCount), downloadCenter (exportingCount) and orderManagement (workOrderCount)', () => {
    const badged = ROUTES.filter((r) => r.meta.badgeKey !== undefined);
    expect(badged.map((r) => [r.name, r.meta.badgeKey]).sort()).toEqual([
      ['billManagement', 'billCount'],
      ['downloadCenter', 'exportingCount'],
      ['orderManagement', 'workOrderCount'],
    ]);
  });

  it('the public set is exact, type 999, hasRole false', () => {
    const pub = ROUTES.filter((r) => r.public === true);
    expect(pub.map((r) => r.path).sort()).toEqual([...PRODUCT_PATHS.public].sort());
    for (const r of pub) {
      expect(r.type, r.name).toBe(999);
      expect(r.meta.hasRole, r.name).toBe(false);
    }
    expect(routesByMenuType(999).map((r) => r.path).sort()).toEqual([...PRODUCT_PATHS.public].sort());
    // the public pending-signature detail does not collide with the authenticated e-sign detail
    expect(routeAt('/qszx-vite/detailWeifen/:contractId').name).toBe('pendingSignDetail');
    expect(routeAt(`${ESIGN_PREFIX}/detail/:contractId`).public).toBeUndefined();
  });

  it('every title is non-empty Chinese', () => {
    for (const r of ROUTES) {
      expect(r.meta.title.trim(), r.name).not.toBe('');
      expect(r.meta.title, r.name).toMatch(CJK);
    }
  });

  it('parents exist, levels are consistent and stay within one menu type', () => {
    for (const r of ROUTES) {
      if (r.meta.parent === undefined) {
        expect(r.meta.level, r.name).toBe(1);
        continue;
      }
      const parent = findRoute(r.meta.parent);
      expect(parent, `${r.name} -> ${r.meta.parent}`).toBeDefined();
      expect(r.meta.level, r.name).toBe(parent!.meta.level + 1);
      expect(r.type, r.name).toBe(parent!.type);
    }
  });

  it('groups and children follow docs/product.md#screens', () => {
    const transaction = routeAt('/transaction').name;
    for (const p of [
      '/staffManagement/changeAlternation/conversion',
      '/staffManagement/changeAlternation/alternation',
      '/staffManagement/changeAlternation/renewal',
      '/staffManagement/changeAlternation/contractAlter',
    ]) {
      expect(routeAt(p).meta.parent, p).toBe(transaction);
    }
    expect(routeAt('/staffRoll').meta.parent).toBe(routeAt('/corporateCenter').name);
    expect(childRoutes(routeAt('/dimissionManager').name).map((r) => r.path)).toEqual([
      '/staffManagement/changeAlternation/doQuit',
      '/staffManagement/changeAlternation/dimissionRoster',
    ]);
    expect(childRoutes('organizationalstructure').map((r) => r.name)).toEqual([
      'organizationalIndex',
      'organizationalIndexduo',
      'positionRank',
      'costCenter',
    ]);
    // the custom-table form editor is opened from 系统初始化 and highlights it
    expect(childRoutes('implement').map((r) => r.path)).toEqual(
      PRODUCT_PATHS.implementation.filter((p) => p !== '/implement' && p !== '/implement/customTable/modifyForm/:id'),
    );
    expect(routeAt('/implement/customTable/modifyForm/:id').meta.parent).toBe('systemInitialize');
    expect(childRoutes('home')).toEqual([]);
  });

  it('menu types follow the product groups', () => {
    const typeOf = (paths: readonly string[], type: MenuType) => {
      for (const p of paths) expect(routeAt(p).type, p).toBe(type);
    };
    typeOf(PRODUCT_PATHS.payslip, 7);
    typeOf(PRODUCT_PATHS.payrollAndTax, 7);
    typeOf(PRODUCT_PATHS.salary, 7);
    typeOf(PRODUCT_PATHS.implementation, 998);
    typeOf(PRODUCT_PATHS.outsourcingService, 998);
    typeOf(PRODUCT_PATHS.enterpriseSettings, 2);
    typeOf(PRODUCT_PATHS.outsourcedLabour, 9);
    typeOf(['/qszx-vite/signContract', '/qszx-vite/signedPackageManage', '/qszx-vite/sealList'], 3);
    typeOf(['/home', '/staffRoll', '/transaction', '/contractManagement/employeeContractManagement'], 1);
    const total = ([1, 2, 3, 4, 5, 6, 7, 9, 998, 999] as MenuType[]).reduce(
      (n, t) => n + routesByMenuType(t).length,
      0,
    );
    expect(total).toBe(ROUTES.length);
  });

  it('isEdit marks the hidden edit/config pages named in the brief', () => {
    for (const p of [
      '/implement/customTable/modifyForm/:id',
      '/fzsxapp/calculateTaskConfig/:id',
      '/fzsxapp/configSalaryGroup/:id',
      '/outsourcingLabor/onboardingManagement/initiateOnboardingStep',
    ]) {
      expect(routeAt(p).isEdit, p).toBe(true);
    }
    for (const r of ROUTES) {
      if (r.isEdit) expect(r.hide, r.name).toBe(true);
    }
  });
});

describe('filterRoutesByPermission', () => {
  it('keeps granted, hasRole and public routes; drops ungranted hasRole=false routes', () => {
    const kept = filterRoutesByPermission(ROUTES, { home: true, staffRoll: false });
    const names = new Set(kept.map((r) => r.name));
    expect(names.has('home')).toBe(true); // granted by name
    expect(names.has('staffRoll')).toBe(false); // map says false
    expect(names.has('billManagement')).toBe(false); // not in the map, hasRole false
    expect(names.has('importPayslip')).toBe(false); // payslip group needs a grant
    expect(names.has('systemInitialize')).toBe(true); // hasRole true, no grant
    expect(names.has('contractDetailWeifen')).toBe(true); // hasRole true, no grant
    expect(names.has('login')).toBe(true); // public
    expect(names.has('pendingSignDetail')).toBe(true); // public
    for (const r of kept) {
      expect(r.public === true || r.meta.hasRole || r.name === 'home', r.name).toBe(true);
    }
  });

  it('keeps table order and ignores inherited keys of the map', () => {
    const granted = Object.create({ billManagement: true }) as Record<string, boolean>;
    granted.messageCenter = true;
    const kept = filterRoutesByPermission(ROUTES, granted).map((r) => r.name);
    expect(kept).toContain('messageCenter');
    expect(kept).not.toContain('billManagement');
    const order = ROUTES.map((r) => r.name).filter((n) => kept.includes(n));
    expect(kept).toEqual(order);
  });

  it('an empty map leaves only public and hasRole routes', () => {
    const kept = filterRoutesByPermission(ROUTES, {});
    expect(kept.every((r) => r.public === true || r.meta.hasRole)).toBe(true);
    expect(kept.length).toBe(ROUTES.filter((r) => r.public || r.meta.hasRole).length);
  });
});

/** The demo HR staff role (apps/server/src/seed/demo.ts DEMO_STAFF_PERMISSIONS). */
const STAFF_MAP: Record<string, boolean> = Object.fromEntries(
  ['home', 'corporateCenter', 'staffRoll', 'messageCenter', 'downloadCenter', 'gztVite', 'importPayslip', 'payslipManagement', 'payslipDetails'].map((k) => [k, true]),
);
const grant = (...keys: string[]): Record<string, boolean> => Object.fromEntries(keys.map((k) => [k, true]));

describe('what a screen needs (needs, anyOf) and who can use it', () => {
  it('every key a screen needs is a permission key the server knows', () => {
    for (const r of ROUTES) {
      const { all, anyOf } = screenNeeds(r);
      for (const k of [...all, ...anyOf]) expect(isPermissionKey(k), `${r.name} needs ${k}`).toBe(true);
    }
  });

  it('a screen needs its own name unless it says otherwise; groups, aliases and public routes need none of their own', () => {
    expect(screenNeeds(findRoute('staffRoll')!)).toEqual({ all: ['staffRoll'], anyOf: [] });
    expect(screenNeeds(findRoute('systemInitialize')!)).toEqual({ all: ['systemInitialize'], anyOf: [] });
    expect(screenNeeds(findRoute('qtSalary')!).all).toEqual([]);
    expect(screenNeeds(findRoute('calendarList')!).all).toEqual([]);
    expect(screenNeeds(findRoute('root')!).all).toEqual([]);
  });

  it('the keys written in the table are the ones the server checks', () => {
    // reading a contract: any contract screen's key (econtracts EC_READ_ANY)
    for (const name of ['contractDetail', 'contractDetailWeifen', 'esignContractDetail']) expect([...screenNeeds(findRoute(name)!).anyOf].sort(), name).toEqual([...EC_READ_ANY].sort());
    expect(screenNeeds(findRoute('contractDetailWeifen')!).all).toEqual([]);
    // the salary run list filters by salary group: it reads runs and groups
    expect(screenNeeds(findRoute('salaryByBatch')!).all).toEqual([PAYROLL_PERMISSIONS.runRead, PAYROLL_PERMISSIONS.groupRead]);
    expect(screenNeeds(findRoute('configSalaryGroup')!).all).toEqual([PAYROLL_PERMISSIONS.groupRead]);
    expect(screenNeeds(findRoute('calendarDetail')!).all).toEqual([PAYROLL_PERMISSIONS.calendarRead]);
    expect(screenNeeds(findRoute('fzsxappIndex')!).all).toEqual([PAYROLL_PERMISSIONS.overview]);
    expect(screenNeeds(findRoute('dataDetail')!).all).toContain(PAYROLL_DATA_PERMISSIONS.runInputsRead);
    expect(screenNeeds(findRoute('submitPayslip')!).all).toContain(PAYROLL_PERMISSIONS.runRead);
  });

  it('the HR staff role can use nothing of 算薪 and 实施, though docs/screens.md lets those routes through', () => {
    const passed = filterRoutesByPermission(ROUTES, STAFF_MAP).map((r) => r.name);
    expect(passed).toContain('salaryManagement');
    expect(passed).toContain('implement');
    const usable = new Set(filterUsableRoutes(ROUTES, STAFF_MAP).map((r) => r.name));
    const roleGated = ROUTES.filter((r) => r.meta.hasRole && !isAlias(r));
    expect(roleGated.length).toBeGreaterThan(40);
    for (const r of roleGated) expect(usable.has(r.name), r.name).toBe(false);
    for (const name of Object.keys(STAFF_MAP)) expect(usable.has(name), name).toBe(true);
    expect(canUseRoute(findRoute('payslipDetails')!, STAFF_MAP)).toBe(true);
  });

  it('a role-gated screen is usable with the keys it needs, without a grant of its own name', () => {
    expect(canUseRoute(findRoute('configSalaryGroup')!, grant('salaryManagement'))).toBe(true);
    expect(canUseRoute(findRoute('salaryByBatch')!, grant('salaryByBatch'))).toBe(false);
    expect(canUseRoute(findRoute('salaryByBatch')!, grant('salaryByBatch', 'salaryManagement'))).toBe(true);
    expect(canUseRoute(findRoute('contractDetailWeifen')!, grant('signContract'))).toBe(true);
    expect(canUseRoute(findRoute('contractDetailWeifen')!, STAFF_MAP)).toBe(false);
  });

  it('a route that is not role-gated still needs its own grant besides what its screen needs', () => {
    expect(canUseRoute(findRoute('payslipDetails')!, grant('payslipManagement'))).toBe(false);
    expect(canUseRoute(findRoute('payslipDetails')!, grant('payslipDetails'))).toBe(false);
    expect(canUseRoute(findRoute('contractDetail')!, grant('contractDetail'))).toBe(false);
    expect(canUseRoute(findRoute('contractDetail')!, grant('contractDetail', 'signedContract'))).toBe(true);
  });

  it('a menu group is usable when one of its entries is, and only then', () => {
    const map = grant('salaryManagement');
    expect(canUseRoute(findRoute('qtSalary')!, map)).toBe(true);
    expect(canUseRoute(findRoute('calculateService')!, map)).toBe(true);
    expect(canUseRoute(findRoute('shareData')!, map)).toBe(false);
    expect(canUseRoute(findRoute('deliveryService')!, map)).toBe(false);
    // A group that is not role-gated needs its own grant as well
    expect(canUseRoute(findRoute('corporateCenter')!, grant('corporateCenter'))).toBe(false);
    expect(canUseRoute(findRoute('corporateCenter')!, grant('staffRoll'))).toBe(false);
    expect(canUseRoute(findRoute('corporateCenter')!, grant('corporateCenter', 'staffRoll'))).toBe(true);
  });

  it('public routes and aliases are always usable (an alias leads to its target, which decides)', () => {
    for (const r of ROUTES.filter((x) => x.public || isAlias(x))) expect(canUseRoute(r, {}), r.name).toBe(true);
  });

  it('every hidden page hangs under a menu entry it highlights, not under a submenu (but 支持与服务’s own pages)', () => {
    const underGroup = ROUTES.filter((r) => !r.public && !isAlias(r) && r.hide && r.meta.parent).filter((r) => {
      let p = findRoute(r.meta.parent!);
      while (p && !isMenuEntry(p)) p = p.meta.parent ? findRoute(p.meta.parent) : undefined;
      return !p || isMenuGroup(p);
    });
    expect(underGroup.map((r) => r.name)).toEqual(['appCenter', 'helpCenter', 'feedBack']);
  });

  it('日历数据 is one menu entry', () => {
    expect(ROUTES.filter((r) => isMenuEntry(r) && r.meta.title === '日历数据').map((r) => r.path)).toEqual(['/fzsxapp/calendarList']);
  });
});
