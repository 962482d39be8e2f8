/**
 * The ONE route table of the product (docs/screens.md, docs/architecture.md).
 *
 * The router, the side menus (grouped by menu type), the permission filter and the role editor
 * are all built from `ROUTES`. A route's `name` is also the permission key the server grants
 * (the permission map is keyed by route name).
 *
 * Conventions:
 * - Paths are the product's screen paths, with React-Router params (`:id`); the `{esign}` prefix is
 *   `ESIGN_PREFIX`. Relative child paths are resolved against their section's prefix.
 * - `hide` = a hidden screen (plus public routes, pure redirect entries and the parametrised
 *   `/serviceConfiguration/:typeValue`, which a menu cannot link to). `meta.menu` = !hide.
 * - `meta.level` = 1 for top-level entries; a child's level is its parent's level + 1.
 *   Hidden detail/edit pages hang under the menu entry that is highlighted while they are open.
 * - Menu types: 1 core, 2 enterprise settings (with trade
 *   information and support), 3 e-signature, 7 payroll (payslip, payroll and tax, social
 *   insurance, salary calculation), 9 outsourced labour, 998 implementation menus
 *   (implementation centre, e-signature implementation, outsourcing service, SaaS edition),
 *   999 public / default.
 * - Only contract package management is kept alive.
 * - What a screen needs (`needs`, `anyOf`): the permission keys the server's `access` asks of the
 *   calls the screen makes when it opens. Most screens call with their own route name (the
 *   default). A role-gated (hasRole) route passes the permission filter without a grant of its own, but
 *   its screen is offered — in menus, home shortcuts, the header's group switch and in-page links —
 *   and opened only when these keys are held (`canUseRoute`); otherwise the no-permission page
 *   shows instead of a screen whose calls are all refused. A menu group has no screen of its own:
 *   it is usable when one of its menu entries is.
 */

export type MenuType = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 9 | 998 | 999;

export type RouteMeta = {
  title: string;
  hasRole: boolean;
  keepAlive: boolean;
  level: number;
  parent?: string;
  icon?: string;
  menu?: boolean;
  badgeKey?: string;
};

export type RouteDef = {
  /** Unique camelCase route name; also the permission key the server grants. */
  name: string;
  path: string;
  redirect?: string;
  hide: boolean;
  type: MenuType;
  isEdit: boolean;
  public?: boolean;
  /**
   * Permission keys the screen's calls need, every one of them (the server's route `access`).
   * Default: the route's own name. A menu group needs none: it is usable when an entry under it is.
   */
  needs?: readonly string[];
  /** Permission keys of which the screen needs at least one (reading a contract: any contract screen's key). */
  anyOf?: readonly string[];
  meta: RouteMeta;
};

/** The value leaves open for the e-signature prefix `{esign}`. */
export const ESIGN_PREFIX = '/qszx-vite';

/**
 * Reading a contract (page, detail, evidence) takes any one of the contract screens' keys: the
 * server's EC_READ_ANY (econtracts.ts), written out here so the route table imports nothing.
 */
const EC_READ_ANY_KEYS = ['signContract', 'signedContract', 'initiateSigning', 'employeeContractManagement'] as const;

/** The literal table; checked against RouteDef and kept `as const` so route names form a literal union. */
const ROUTE_TABLE = [
  // ── "Public routes" (no sign-in; "any other path" falls through to the no-permission page, handled by the router, not a table entry) ──
  {
    name: 'login', path: '/login', hide: true, type: 999, isEdit: false, public: true,
    meta: { title: '登录', hasRole: false, keepAlive: false, level: 1, menu: false },
  },
  {
    name: 'companyChoice', path: '/excessive/company', hide: true, type: 999, isEdit: false, public: true,
    meta: { title: '选择企业', hasRole: false, keepAlive: false, level: 1, menu: false },
  },
  {
    name: 'companyGuide', path: '/companyGuide', hide: true, type: 999, isEdit: false, public: true,
    meta: { title: '企业引导', hasRole: false, keepAlive: false, level: 1, menu: false },
  },
  {
    name: 'noCompany', path: '/noCompany', hide: true, type: 999, isEdit: false, public: true,
    meta: { title: '暂无权限', hasRole: false, keepAlive: false, level: 1, menu: false },
  },
  {
    name: 'notAvailable', path: '/notAvailable', hide: true, type: 999, isEdit: false, public: true,
    meta: { title: '暂不可用', hasRole: false, keepAlive: false, level: 1, menu: false },
  },
  {
    name: 'pendingSignDetail', path: '/qszx-vite/detailWeifen/:contractId', hide: true, type: 999, isEdit: false, public: true,
    meta: { title: '待签署合同详情', hasRole: false, keepAlive: false, level: 1, menu: false },
  },
  // ── "Core menu" ──
  {
    name: 'root', path: '/', redirect: '/home', hide: true, type: 1, isEdit: false,
    meta: { title: '首页', hasRole: false, keepAlive: false, level: 1, menu: false },
  },
  {
    name: 'home', path: '/home', hide: false, type: 1, isEdit: false,
    meta: { title: '服务看板', hasRole: false, keepAlive: false, level: 1, icon: 'HomeOutlined', menu: true },
  },
  {
    name: 'organizationalstructure', path: '/organizationalstructure', redirect: '/organizationalstructure', hide: false, type: 1, isEdit: false,
    meta: { title: '组织架构', hasRole: false, keepAlive: false, level: 1, icon: 'ApartmentOutlined', menu: true },
  },
  {
    name: 'organizationalIndex', path: '/organizationalstructure/index', hide: false, type: 1, isEdit: false,
    meta: { title: '组织与编制', hasRole: false, keepAlive: false, level: 2, parent: 'organizationalstructure', menu: true },
  },
  {
    name: 'organizationalIndexduo', path: '/organizationalstructure/indexduo', hide: false, type: 1, isEdit: false,
    meta: { title: '组织架构图', hasRole: false, keepAlive: false, level: 2, parent: 'organizationalstructure', menu: true },
  },
  {
    name: 'positionRank', path: '/organizationalstructure/positionRank', hide: false, type: 1, isEdit: false,
    meta: { title: '职位职级', hasRole: false, keepAlive: false, level: 2, parent: 'organizationalstructure', menu: true },
  },
  {
    name: 'costCenter', path: '/organizationalstructure/costCenter', hide: false, type: 1, isEdit: false,
    meta: { title: '成本中心', hasRole: false, keepAlive: false, level: 2, parent: 'organizationalstructure', menu: true },
  },
  {
    name: 'employee', path: '/employee', redirect: '/employee', hide: false, type: 1, isEdit: false,
    meta: { title: '员工服务', hasRole: false, keepAlive: false, level: 1, icon: 'IdcardOutlined', menu: true },
  },
  {
    name: 'employeeBrand', path: '/employee/employeeBrand', hide: false, type: 1, isEdit: false,
    meta: { title: '工牌设置', hasRole: false, keepAlive: false, level: 2, parent: 'employee', menu: true },
  },
  {
    name: 'employeeTasks', path: '/employee/employeeTasks', hide: false, type: 1, isEdit: false,
    meta: { title: '员工任务', hasRole: false, keepAlive: false, level: 2, parent: 'employee', menu: true },
  },
  {
    name: 'selfOnboarding', path: '/selfOnboarding', redirect: '/selfOnboarding', hide: false, type: 1, isEdit: false,
    meta: { title: '自助入职', hasRole: false, keepAlive: false, level: 1, icon: 'UserAddOutlined', menu: true },
  },
  {
    name: 'selfOnboardingInvite', path: '/selfOnboarding/invite', hide: false, type: 1, isEdit: false,
    meta: { title: '邀请入职', hasRole: false, keepAlive: false, level: 2, parent: 'selfOnboarding', menu: true },
  },
  {
    name: 'selfOnboardingList', path: '/selfOnboarding/list', hide: false, type: 1, isEdit: false,
    meta: { title: '入职列表', hasRole: false, keepAlive: false, level: 2, parent: 'selfOnboarding', menu: true },
  },
  {
    name: 'corporateCenter', path: '/corporateCenter', redirect: '/corporateCenter', hide: false, type: 1, isEdit: false,
    meta: { title: '员工档案', hasRole: false, keepAlive: false, level: 1, icon: 'TeamOutlined', menu: true },
  },
  {
    name: 'staffRoll', path: '/staffRoll', hide: false, type: 1, isEdit: false,
    meta: { title: '在职花名册', hasRole: false, keepAlive: false, level: 2, parent: 'corporateCenter', menu: true },
  },
  {
    name: 'staffRollImportTemplate', path: '/staffRoll/importTemplate/:name', hide: true, type: 1, isEdit: true, needs: ['staffRollImportTemplate', 'staffRoll'],
    meta: { title: '导入本企业员工', hasRole: false, keepAlive: false, level: 3, parent: 'staffRoll', menu: false },
  },
  {
    name: 'newEmployee', path: '/newemployee/:type', hide: true, type: 1, isEdit: true, needs: ['newEmployee', 'staffRoll'],
    meta: { title: '新增员工', hasRole: false, keepAlive: false, level: 3, parent: 'staffRoll', menu: false },
  },
  // ── "Core menu" — the SaaS edition entries (/qtSaas and /employeeManage), an implementation menu (998) ──
  {
    name: 'qtSaas', path: '/qtSaas', hide: false, type: 998, isEdit: false,
    meta: { title: 'SaaS版', hasRole: false, keepAlive: false, level: 1, icon: 'CloudOutlined', menu: true },
  },
  {
    name: 'employeeManage', path: '/employeeManage', hide: false, type: 998, isEdit: false,
    meta: { title: '员工管理', hasRole: false, keepAlive: false, level: 2, parent: 'qtSaas', menu: true },
  },
  // ── "Employee and contract screens (authenticated)" ──
  {
    name: 'employeeContractManagement', path: '/contractManagement/employeeContractManagement', hide: false, type: 1, isEdit: false,
    meta: { title: '合同管理', hasRole: false, keepAlive: false, level: 1, icon: 'FileTextOutlined', menu: true },
  },
  {
    name: 'contractDetail', path: '/contractManagement/detail/:contractId', hide: true, type: 1, isEdit: false, anyOf: EC_READ_ANY_KEYS,
    meta: { title: '合同详情', hasRole: false, keepAlive: false, level: 2, parent: 'employeeContractManagement', menu: false },
  },
  {
    name: 'contractDetailWeifen', path: '/contractManagement/detailWeifen/:contractId', hide: true, type: 1, isEdit: false, needs: [], anyOf: EC_READ_ANY_KEYS,
    meta: { title: '合同详情', hasRole: true, keepAlive: false, level: 2, parent: 'employeeContractManagement', menu: false },
  },
  {
    name: 'groupInformation', path: '/staffRoll/groupInformation', hide: false, type: 1, isEdit: false,
    meta: { title: '集团档案', hasRole: false, keepAlive: false, level: 2, parent: 'corporateCenter', menu: true },
  },
  {
    name: 'peopleList', path: '/peoplelist', hide: true, type: 1, isEdit: false, needs: ['peopleList', 'staffRoll'],
    meta: { title: '合同档案管理', hasRole: false, keepAlive: false, level: 2, parent: 'employeeContractManagement', menu: false },
  },
  {
    name: 'transaction', path: '/transaction', redirect: '/staffManagement/changeAlternation/conversion', hide: false, type: 1, isEdit: false,
    meta: { title: '异动办理', hasRole: false, keepAlive: false, level: 1, icon: 'SwapOutlined', menu: true },
  },
  {
    name: 'conversion', path: '/staffManagement/changeAlternation/conversion', hide: false, type: 1, isEdit: false,
    meta: { title: '转正', hasRole: false, keepAlive: false, level: 2, parent: 'transaction', menu: true },
  },
  {
    name: 'alternation', path: '/staffManagement/changeAlternation/alternation', hide: false, type: 1, isEdit: false,
    meta: { title: '调岗调薪', hasRole: false, keepAlive: false, level: 2, parent: 'transaction', menu: true },
  },
  {
    name: 'renewal', path: '/staffManagement/changeAlternation/renewal', hide: false, type: 1, isEdit: false,
    meta: { title: '合同续签', hasRole: false, keepAlive: false, level: 2, parent: 'transaction', menu: true },
  },
  {
    name: 'contractAlter', path: '/staffManagement/changeAlternation/contractAlter', hide: false, type: 1, isEdit: false,
    meta: { title: '合同变更', hasRole: false, keepAlive: false, level: 2, parent: 'transaction', menu: true },
  },
  {
    name: 'dimissionManager', path: '/dimissionManager', redirect: '/staffManagement/changeAlternation/doQuit', hide: false, type: 1, isEdit: false,
    meta: { title: '离职管理', hasRole: false, keepAlive: false, level: 1, icon: 'UserDeleteOutlined', menu: true },
  },
  {
    name: 'doQuit', path: '/staffManagement/changeAlternation/doQuit', hide: false, type: 1, isEdit: false,
    meta: { title: '离职办理', hasRole: false, keepAlive: false, level: 2, parent: 'dimissionManager', menu: true },
  },
  {
    name: 'dimissionRoster', path: '/staffManagement/changeAlternation/dimissionRoster', hide: false, type: 1, isEdit: false,
    meta: { title: '离职花名册', hasRole: false, keepAlive: false, level: 2, parent: 'dimissionManager', menu: true },
  },
  // ── "Social insurance hosting, /socialTrusteeship (redirects to itself)" — payroll-ish group (7), hasRole false ──
  {
    name: 'socialTrusteeship', path: '/socialTrusteeship', redirect: '/socialTrusteeship', hide: false, type: 7, isEdit: false,
    meta: { title: '社保托管', hasRole: false, keepAlive: false, level: 1, icon: 'SafetyCertificateOutlined', menu: true },
  },
  {
    name: 'selectInsured', path: '/taxReturn/selectInsured', hide: false, type: 7, isEdit: false,
    meta: { title: '选择参保主体', hasRole: false, keepAlive: false, level: 2, parent: 'socialTrusteeship', menu: true },
  },
  {
    name: 'applyMonth', path: '/socialTrusteeship/progressReporting/applyMonth', hide: false, type: 7, isEdit: false,
    meta: { title: '进度速查', hasRole: false, keepAlive: false, level: 2, parent: 'socialTrusteeship', menu: true },
  },
  {
    name: 'insuranceInformation', path: '/taxReturn/insuranceInformation', hide: false, type: 7, isEdit: false,
    meta: { title: '员工参保信息', hasRole: false, keepAlive: false, level: 2, parent: 'socialTrusteeship', menu: true },
  },
  {
    name: 'insuranceRecord', path: '/taxReturn/insuranceRecord', hide: false, type: 7, isEdit: false,
    meta: { title: '参保记录', hasRole: false, keepAlive: false, level: 2, parent: 'socialTrusteeship', menu: true },
  },
  {
    name: 'progressReportDetail', path: '/taxReturn/progressReportDetail/:applyId', hide: true, type: 7, isEdit: false,
    meta: { title: '进度详情', hasRole: false, keepAlive: false, level: 3, parent: 'applyMonth', menu: false },
  },
  // ── "Payslip, /gzt-vite (redirects to /gzt-vite/importPayslip)" ──
  {
    name: 'gztVite', path: '/gzt-vite', redirect: '/gzt-vite/importPayslip', hide: false, type: 7, isEdit: false,
    meta: { title: '工资条', hasRole: false, keepAlive: false, level: 1, icon: 'ProfileOutlined', menu: true },
  },
  {
    name: 'importPayslip', path: '/gzt-vite/importPayslip', hide: false, type: 7, isEdit: false,
    meta: { title: '导入工资条', hasRole: false, keepAlive: false, level: 2, parent: 'gztVite', menu: true },
  },
  {
    name: 'payslipManagement', path: '/gzt-vite/payslipManagement', hide: false, type: 7, isEdit: false,
    meta: { title: '工资条管理', hasRole: false, keepAlive: false, level: 2, parent: 'gztVite', menu: true },
  },
  {
    name: 'payslipDetails', path: '/gzt-vite/payslipDetails/:id', hide: true, type: 7, isEdit: false, needs: ['payslipDetails', 'payslipManagement'],
    meta: { title: '工资条详情', hasRole: false, keepAlive: false, level: 3, parent: 'payslipManagement', menu: false },
  },
  // ── "Payroll and tax, /dfdbs (redirects to /generationexpend/submitPayslip)" ──
  {
    name: 'dfdbs', path: '/dfdbs', redirect: '/generationexpend/submitPayslip', hide: false, type: 7, isEdit: false,
    meta: { title: '代发代报', hasRole: false, keepAlive: false, level: 1, icon: 'AccountBookOutlined', menu: true },
  },
  {
    name: 'submitPayslip', path: '/generationexpend/submitPayslip', hide: false, type: 7, isEdit: false, needs: ['submitPayslip', 'salaryByBatch'],
    meta: { title: '提交工资表', hasRole: false, keepAlive: false, level: 2, parent: 'dfdbs', menu: true },
  },
  {
    name: 'payslipList', path: '/generationexpend/payslipList', hide: false, type: 7, isEdit: false,
    meta: { title: '工资表列表', hasRole: false, keepAlive: false, level: 2, parent: 'dfdbs', menu: true },
  },
  {
    name: 'payroll', path: '/generationexpend/payroll', hide: false, type: 7, isEdit: false,
    meta: { title: '发放记录', hasRole: false, keepAlive: false, level: 2, parent: 'dfdbs', menu: true },
  },
  {
    name: 'declarationRecords', path: '/generationexpend/declarationRecords', hide: false, type: 7, isEdit: false,
    meta: { title: '申报记录', hasRole: false, keepAlive: false, level: 2, parent: 'dfdbs', menu: true },
  },
  {
    name: 'mitWagesprisedetal', path: '/generationexpend/mitWagesprisedetal/:payslipId', hide: true, type: 7, isEdit: false, needs: ['mitWagesprisedetal', 'payslipList'],
    meta: { title: '工资表详情', hasRole: false, keepAlive: false, level: 3, parent: 'payslipList', menu: false },
  },
  // ── "Implementation centre, /implement (role-gated)" ──
  {
    name: 'implement', path: '/implement', hide: false, type: 998, isEdit: false,
    meta: { title: '实施中心', hasRole: true, keepAlive: false, level: 1, icon: 'ToolOutlined', menu: true },
  },
  {
    name: 'systemInitialize', path: '/implement/systemInitialize', hide: false, type: 998, isEdit: false,
    meta: { title: '系统初始化', hasRole: true, keepAlive: false, level: 2, parent: 'implement', menu: true },
  },
  {
    name: 'modifyForm', path: '/implement/customTable/modifyForm/:id', hide: true, type: 998, isEdit: true,
    meta: { title: '编辑表单', hasRole: true, keepAlive: false, level: 3, parent: 'systemInitialize', menu: false },
  },
  {
    name: 'pushChannel', path: '/implement/pushChannel', hide: false, type: 998, isEdit: false,
    meta: { title: '推送渠道', hasRole: true, keepAlive: false, level: 2, parent: 'implement', menu: true },
  },
  {
    name: 'rolePermission', path: '/implement/rolePermission', hide: false, type: 998, isEdit: false,
    meta: { title: '角色权限', hasRole: true, keepAlive: false, level: 2, parent: 'implement', menu: true },
  },
  {
    name: 'dictionaryCenter', path: '/implement/dictionaryCenter', hide: false, type: 998, isEdit: false,
    meta: { title: '字典中心', hasRole: true, keepAlive: false, level: 2, parent: 'implement', menu: true },
  },
  {
    name: 'systemConfig', path: '/implement/systemConfig', hide: false, type: 998, isEdit: false,
    meta: { title: '系统配置', hasRole: true, keepAlive: false, level: 2, parent: 'implement', menu: true },
  },
  {
    name: 'payConfig', path: '/implement/payConfig', hide: false, type: 998, isEdit: false,
    meta: { title: '支付配置', hasRole: true, keepAlive: false, level: 2, parent: 'implement', menu: true },
  },
  // ── "E-signature (prefix written {esign}; its value is not shown)" — e-signature implementation (/qxqImplement), an implementation menu (998) ──
  {
    name: 'qxqImplement', path: '/qxqImplement', redirect: `${ESIGN_PREFIX}/initType`, hide: false, type: 998, isEdit: false,
    meta: { title: '电子签实施', hasRole: false, keepAlive: false, level: 1, icon: 'SettingOutlined', menu: true },
  },
  {
    name: 'initType', path: `${ESIGN_PREFIX}/initType`, hide: false, type: 998, isEdit: false,
    meta: { title: '初始化分类', hasRole: false, keepAlive: false, level: 2, parent: 'qxqImplement', menu: true },
  },
  {
    name: 'contractConfig', path: `${ESIGN_PREFIX}/contractConfig`, hide: false, type: 998, isEdit: false,
    meta: { title: '合同表单配置', hasRole: false, keepAlive: false, level: 2, parent: 'qxqImplement', menu: true },
  },
  // ── "E-signature (prefix written {esign}; its value is not shown)" — signing, packages, certification (3) ──
  {
    name: 'initiateSigning', path: `${ESIGN_PREFIX}/initiateSigning`, hide: false, type: 3, isEdit: false,
    meta: { title: '发起签署', hasRole: false, keepAlive: false, level: 1, icon: 'EditOutlined', menu: true },
  },
  {
    name: 'signContract', path: `${ESIGN_PREFIX}/signContract`, hide: false, type: 3, isEdit: false,
    meta: { title: '待签署', hasRole: false, keepAlive: false, level: 1, icon: 'FormOutlined', menu: true },
  },
  {
    name: 'signedContract', path: `${ESIGN_PREFIX}/signedContract`, hide: false, type: 3, isEdit: false,
    meta: { title: '已签署', hasRole: false, keepAlive: false, level: 1, icon: 'FileDoneOutlined', menu: true },
  },
  {
    name: 'esignContractDetail', path: `${ESIGN_PREFIX}/detail/:contractId`, hide: true, type: 3, isEdit: false, anyOf: EC_READ_ANY_KEYS,
    meta: { title: '电子合同详情', hasRole: false, keepAlive: false, level: 2, parent: 'signedContract', menu: false },
  },
  {
    name: 'signedPackageManage', path: `${ESIGN_PREFIX}/signedPackageManage`, hide: false, type: 3, isEdit: false,
    meta: { title: '合同包管理', hasRole: false, keepAlive: true, level: 1, icon: 'FolderOpenOutlined', menu: true },
  },
  {
    name: 'signedPackageManageRedirect', path: '/signedPackageManage', redirect: `${ESIGN_PREFIX}/signedPackageManage`, hide: true, type: 3, isEdit: false,
    meta: { title: '合同包管理', hasRole: false, keepAlive: false, level: 1, menu: false },
  },
  {
    name: 'contractTemplatesList', path: `${ESIGN_PREFIX}/contractTemplatesList/:packageId`, hide: true, type: 3, isEdit: false, needs: ['contractTemplatesList', 'signedPackageManage'],
    meta: { title: '合同模板列表', hasRole: false, keepAlive: false, level: 2, parent: 'signedPackageManage', menu: false },
  },
  {
    name: 'contractTemplatesDetal', path: `${ESIGN_PREFIX}/contractTemplatesdetal/:templateId`, hide: true, type: 3, isEdit: false, needs: ['contractTemplatesDetal', 'signedPackageManage'],
    meta: { title: '合同模板详情', hasRole: false, keepAlive: false, level: 2, parent: 'signedPackageManage', menu: false },
  },
  {
    name: 'proveService', path: '/proveService', redirect: `${ESIGN_PREFIX}/sealList`, hide: false, type: 3, isEdit: false,
    meta: { title: '认证服务', hasRole: false, keepAlive: false, level: 1, icon: 'SafetyOutlined', menu: true },
  },
  {
    name: 'sealList', path: `${ESIGN_PREFIX}/sealList`, hide: false, type: 3, isEdit: false,
    meta: { title: '印章管理', hasRole: false, keepAlive: false, level: 2, parent: 'proveService', menu: true },
  },
  // ── "Salary calculation, /qtSalary (role-gated) and payroll prefix /fzsxapp" ──
  {
    name: 'qtSalary', path: '/qtSalary', hide: false, type: 7, isEdit: false,
    meta: { title: '算薪', hasRole: true, keepAlive: false, level: 1, icon: 'CalculatorOutlined', menu: true },
  },
  {
    name: 'calculateTaskManagement', path: '/fzsxapp/calculateTaskManagement', hide: false, type: 7, isEdit: false,
    meta: { title: '算薪任务', hasRole: true, keepAlive: false, level: 2, parent: 'qtSalary', menu: true },
  },
  {
    name: 'calculateTaskConfig', path: '/fzsxapp/calculateTaskConfig/:id', hide: true, type: 7, isEdit: true,
    meta: { title: '算薪任务配置', hasRole: true, keepAlive: false, level: 3, parent: 'calculateTaskManagement', menu: false },
  },
  {
    name: 'originalTableConfig', path: '/fzsxapp/originalTableConfig/:id/:parentId/:title', hide: true, type: 7, isEdit: true,
    meta: { title: '原始表配置', hasRole: true, keepAlive: false, level: 3, parent: 'calculateTaskManagement', menu: false },
  },
  {
    name: 'pivotTableConfig', path: '/fzsxapp/pivotTableConfig/:id/:parentId/:title', hide: true, type: 7, isEdit: true,
    meta: { title: '透视表配置', hasRole: true, keepAlive: false, level: 3, parent: 'calculateTaskManagement', menu: false },
  },
  {
    name: 'mergeTableConfig', path: '/fzsxapp/mergeTableConfig/:id/:parentId/:title', hide: true, type: 7, isEdit: true,
    meta: { title: '合并表配置', hasRole: true, keepAlive: false, level: 3, parent: 'calculateTaskManagement', menu: false },
  },
  {
    name: 'mergeTableGenerate', path: '/fzsxapp/mergeTableGenerate/:id/:parentId/:title', hide: true, type: 7, isEdit: true,
    meta: { title: '合并表生成', hasRole: true, keepAlive: false, level: 3, parent: 'calculateTaskManagement', menu: false },
  },
  {
    name: 'gatherTableConfig', path: '/fzsxapp/gatherTableConfig/:id/:parentId/:title', hide: true, type: 7, isEdit: true,
    meta: { title: '汇总表配置', hasRole: true, keepAlive: false, level: 3, parent: 'calculateTaskManagement', menu: false },
  },
  {
    name: 'gatherTable', path: '/fzsxapp/gatherTable', hide: false, type: 7, isEdit: false,
    meta: { title: '汇总表', hasRole: true, keepAlive: false, level: 2, parent: 'qtSalary', menu: true },
  },
  {
    name: 'gatherTableFieldConfig', path: '/fzsxapp/gatherTable/fieldConfig/:id', hide: true, type: 7, isEdit: true,
    meta: { title: '汇总表字段配置', hasRole: true, keepAlive: false, level: 3, parent: 'gatherTable', menu: false },
  },
  {
    name: 'biConfig', path: '/fzsxapp/biConfig', hide: false, type: 7, isEdit: false,
    meta: { title: 'BI配置', hasRole: true, keepAlive: false, level: 2, parent: 'qtSalary', menu: true },
  },
  {
    name: 'biConfigDetail', path: '/fzsxapp/biConfig/detail/:id', hide: true, type: 7, isEdit: true,
    meta: { title: 'BI配置详情', hasRole: true, keepAlive: false, level: 3, parent: 'biConfig', menu: false },
  },
  {
    name: 'fzsxappHome', path: '/fzsxapp/home', redirect: '/fzsxapp/index', hide: true, type: 7, isEdit: false,
    meta: { title: '开始算薪', hasRole: true, keepAlive: false, level: 2, parent: 'qtSalary', menu: false },
  },
  {
    name: 'fzsxappIndex', path: '/fzsxapp/index', hide: false, type: 7, isEdit: false,
    meta: { title: '开始算薪', hasRole: true, keepAlive: false, level: 3, parent: 'fzsxappHome', menu: true },
  },
  {
    name: 'deliveryService', path: '/deliveryService', redirect: '/fzsxapp/biIntelligentReport', hide: false, type: 7, isEdit: false,
    meta: { title: '交付服务', hasRole: true, keepAlive: false, level: 2, parent: 'qtSalary', menu: true },
  },
  {
    name: 'biIntelligentReport', path: '/fzsxapp/biIntelligentReport', hide: false, type: 7, isEdit: false,
    meta: { title: 'BI智能报表', hasRole: true, keepAlive: false, level: 3, parent: 'deliveryService', menu: true },
  },
  {
    name: 'biReportCollection', path: '/fzsxapp/biReportCollection/:id', hide: true, type: 7, isEdit: false,
    meta: { title: '报表集', hasRole: true, keepAlive: false, level: 4, parent: 'biIntelligentReport', menu: false },
  },
  {
    name: 'biReportCollectionList', path: '/fzsxapp/biReportCollection/list/:id', hide: true, type: 7, isEdit: false,
    meta: { title: '报表集列表', hasRole: true, keepAlive: false, level: 4, parent: 'biIntelligentReport', menu: false },
  },
  {
    name: 'gatherReport', path: '/fzsxapp/gatherReport', hide: false, type: 7, isEdit: false,
    meta: { title: '汇总报表', hasRole: true, keepAlive: false, level: 3, parent: 'deliveryService', menu: true },
  },
  {
    name: 'gatherReportList', path: '/fzsxapp/gatherReport/list/:id', hide: true, type: 7, isEdit: false,
    meta: { title: '汇总报表列表', hasRole: true, keepAlive: false, level: 4, parent: 'gatherReport', menu: false },
  },
  {
    name: 'calculateService', path: '/calculateService', redirect: '/fzsxapp/salaryManagement', hide: false, type: 7, isEdit: false,
    meta: { title: '算薪服务', hasRole: true, keepAlive: false, level: 2, parent: 'qtSalary', menu: true },
  },
  {
    name: 'salaryManagement', path: '/fzsxapp/salaryManagement', hide: false, type: 7, isEdit: false,
    meta: { title: '薪资组管理', hasRole: true, keepAlive: false, level: 3, parent: 'calculateService', menu: true },
  },
  {
    name: 'salaryByBatch', path: '/fzsxapp/salaryByBatch', hide: false, type: 7, isEdit: false, needs: ['salaryByBatch', 'salaryManagement'],
    meta: { title: '批次算薪', hasRole: true, keepAlive: false, level: 3, parent: 'calculateService', menu: true },
  },
  {
    name: 'salaryPerDataImport', path: '/fzsxapp/salaryPerDataImport/:id', hide: true, type: 7, isEdit: true, needs: ['salaryByBatch', 'salaryManagement'],
    meta: { title: '算薪数据导入', hasRole: true, keepAlive: false, level: 4, parent: 'salaryByBatch', menu: false },
  },
  {
    name: 'checkDataIntegrity', path: '/fzsxapp/checkDataIntegrity/:id', hide: true, type: 7, isEdit: false, needs: ['salaryByBatch'],
    meta: { title: '数据完整性检查', hasRole: true, keepAlive: false, level: 4, parent: 'salaryByBatch', menu: false },
  },
  {
    name: 'startCalculateSalary', path: '/fzsxapp/startCalculateSalary/:id', hide: true, type: 7, isEdit: true, needs: ['salaryByBatch'],
    meta: { title: '开始计算薪资', hasRole: true, keepAlive: false, level: 4, parent: 'salaryByBatch', menu: false },
  },
  {
    name: 'dataGroupMaintenance', path: '/fzsxapp/dataGroupMaintenance', hide: true, type: 7, isEdit: true,
    meta: { title: '数据组维护', hasRole: true, keepAlive: false, level: 4, parent: 'salaryManagement', menu: false },
  },
  {
    name: 'dataDetail', path: '/fzsxapp/dataDetail/:id', hide: true, type: 7, isEdit: false, needs: ['dataDetail', 'salaryByBatch', 'salaryManagement'],
    meta: { title: '数据详情', hasRole: true, keepAlive: false, level: 4, parent: 'salaryByBatch', menu: false },
  },
  {
    name: 'calculateSalaryDetail', path: '/fzsxapp/calculateSalaryDetail/:id', hide: true, type: 7, isEdit: false, needs: ['salaryByBatch'],
    meta: { title: '算薪详情', hasRole: true, keepAlive: false, level: 4, parent: 'salaryByBatch', menu: false },
  },
  {
    name: 'configSalaryGroup', path: '/fzsxapp/configSalaryGroup/:id', hide: true, type: 7, isEdit: true, needs: ['salaryManagement'],
    meta: { title: '薪资组配置', hasRole: true, keepAlive: false, level: 4, parent: 'salaryManagement', menu: false },
  },
  {
    name: 'submitPayroll', path: '/fzsxapp/submitPayroll/:id', hide: true, type: 7, isEdit: true, needs: ['salaryByBatch'],
    meta: { title: '提交薪资', hasRole: true, keepAlive: false, level: 4, parent: 'salaryByBatch', menu: false },
  },
  {
    name: 'shareData', path: '/shareData', redirect: '/fzsxapp/shareData', hide: false, type: 7, isEdit: false,
    meta: { title: '共享数据', hasRole: true, keepAlive: false, level: 2, parent: 'qtSalary', menu: true },
  },
  {
    name: 'fzsxappShareData', path: '/fzsxapp/shareData', hide: false, type: 7, isEdit: false,
    meta: { title: '数据总览', hasRole: true, keepAlive: false, level: 3, parent: 'shareData', menu: true },
  },
  {
    name: 'baseData', path: '/fzsxapp/baseData', hide: false, type: 7, isEdit: false,
    meta: { title: '基础数据', hasRole: true, keepAlive: false, level: 3, parent: 'shareData', menu: true },
  },
  {
    name: 'importTableData', path: '/fzsxapp/importTableData', hide: false, type: 7, isEdit: false,
    meta: { title: '导入表数据', hasRole: true, keepAlive: false, level: 3, parent: 'shareData', menu: true },
  },
  {
    name: 'importTableDataBatch', path: '/fzsxapp/importTableDataBatch/:id', hide: true, type: 7, isEdit: true, needs: ['importTableData'],
    meta: { title: '导入表数据批次', hasRole: true, keepAlive: false, level: 4, parent: 'importTableData', menu: false },
  },
  {
    name: 'importTableDataDetail', path: '/fzsxapp/importTableDataDetail/:id', hide: true, type: 7, isEdit: false, needs: ['importTableData'],
    meta: { title: '导入表数据详情', hasRole: true, keepAlive: false, level: 4, parent: 'importTableData', menu: false },
  },
  {
    name: 'iotData', path: '/fzsxapp/iotData', hide: false, type: 7, isEdit: false,
    meta: { title: '物联网数据', hasRole: true, keepAlive: false, level: 3, parent: 'shareData', menu: true },
  },
  {
    name: 'iotDataDetail', path: '/fzsxapp/iotData/detail/:id', hide: true, type: 7, isEdit: false, needs: ['iotData'],
    meta: { title: '物联网数据详情', hasRole: true, keepAlive: false, level: 4, parent: 'iotData', menu: false },
  },
  {
    name: 'applicationData', path: '/fzsxapp/applicationData', hide: false, type: 7, isEdit: false,
    meta: { title: '应用数据', hasRole: true, keepAlive: false, level: 3, parent: 'shareData', menu: true },
  },
  {
    name: 'applicationDataDetail', path: '/fzsxapp/applicationData/detail/:id', hide: true, type: 7, isEdit: false, needs: ['applicationData'],
    meta: { title: '应用数据详情', hasRole: true, keepAlive: false, level: 4, parent: 'applicationData', menu: false },
  },
  {
    name: 'calendarList', path: '/calendarList', redirect: '/fzsxapp/calendarList', hide: true, type: 7, isEdit: false,
    meta: { title: '日历数据', hasRole: true, keepAlive: false, level: 4, parent: 'fzsxappCalendarList', menu: false },
  },
  {
    name: 'fzsxappCalendarList', path: '/fzsxapp/calendarList', hide: false, type: 7, isEdit: false,
    meta: { title: '日历数据', hasRole: true, keepAlive: false, level: 3, parent: 'shareData', menu: true },
  },
  {
    name: 'calendarDetail', path: '/fzsxapp/calendarDetail/:id', hide: true, type: 7, isEdit: false, needs: ['fzsxappCalendarList'],
    meta: { title: '日历数据详情', hasRole: true, keepAlive: false, level: 4, parent: 'fzsxappCalendarList', menu: false },
  },
  // ── "Outsourcing service" — an implementation menu (998) ──
  {
    name: 'qtOutsource', path: '/qtOutsource', redirect: '/qtOutsource', hide: false, type: 998, isEdit: false,
    meta: { title: '外包服务', hasRole: false, keepAlive: false, level: 1, icon: 'ShopOutlined', menu: true },
  },
  {
    name: 'allocationPlanConfiguration', path: '/qtOutsource/allocationPlanConfiguration', hide: false, type: 998, isEdit: false,
    meta: { title: '方案管理', hasRole: false, keepAlive: false, level: 2, parent: 'qtOutsource', menu: true },
  },
  {
    name: 'condominiumManage', path: '/qtOutsource/condominiumManage', hide: false, type: 998, isEdit: false,
    meta: { title: '共管管理', hasRole: false, keepAlive: false, level: 2, parent: 'qtOutsource', menu: true },
  },
  {
    name: 'outsourceContractTemplatesList', path: '/forQtOutsource/contractTemplatesList/:packageId', hide: true, type: 998, isEdit: false,
    meta: { title: '外包合同模板列表', hasRole: false, keepAlive: false, level: 3, parent: 'allocationPlanConfiguration', menu: false },
  },
  {
    name: 'outsourceContractTemplatesDetal', path: '/forQtOutsource/contractTemplatesdetal/:templateId', hide: true, type: 998, isEdit: false,
    meta: { title: '外包合同模板详情', hasRole: false, keepAlive: false, level: 3, parent: 'allocationPlanConfiguration', menu: false },
  },
  // ── "Enterprise settings" (企业设置; no group path, so each screen is its own level-1 entry) ──
  {
    name: 'enterpriseInformation', path: '/enterpriseInformation', hide: false, type: 2, isEdit: false,
    meta: { title: '企业信息', hasRole: false, keepAlive: false, level: 1, icon: 'BankOutlined', menu: true },
  },
  {
    name: 'accredit', path: '/accredit', hide: false, type: 2, isEdit: false,
    meta: { title: '授权中心', hasRole: false, keepAlive: false, level: 1, icon: 'KeyOutlined', menu: true },
  },
  {
    name: 'assetsList', path: '/assetsList', hide: false, type: 2, isEdit: false,
    meta: { title: '资产中心', hasRole: false, keepAlive: false, level: 1, icon: 'WalletOutlined', menu: true },
  },
  {
    name: 'employmentRelationship', path: '/employmentRelationship', hide: false, type: 2, isEdit: false,
    meta: { title: '提醒设置', hasRole: false, keepAlive: false, level: 1, icon: 'BellOutlined', menu: true },
  },
  {
    name: 'serviceConfiguration', path: '/serviceConfiguration', hide: false, type: 2, isEdit: false,
    meta: { title: '服务配置', hasRole: false, keepAlive: false, level: 1, icon: 'ControlOutlined', menu: true },
  },
  {
    name: 'serviceConfigurationType', path: '/serviceConfiguration/:typeValue', hide: true, type: 2, isEdit: false,
    meta: { title: '服务配置详情', hasRole: false, keepAlive: false, level: 2, parent: 'serviceConfiguration', menu: false },
  },
  {
    name: 'contractList', path: '/contractlist', hide: true, type: 2, isEdit: false,
    meta: { title: '合同列表', hasRole: false, keepAlive: false, level: 2, parent: 'enterpriseInformation', menu: false },
  },
  {
    name: 'fiduciaryAccount', path: '/fiduciaryaccount', hide: true, type: 2, isEdit: false,
    meta: { title: '托管账户', hasRole: false, keepAlive: false, level: 2, parent: 'enterpriseInformation', menu: false },
  },
  {
    name: 'watermarkList', path: '/watermarkList', hide: true, type: 2, isEdit: false,
    meta: { title: '水印管理', hasRole: false, keepAlive: false, level: 2, parent: 'enterpriseInformation', menu: false },
  },
  {
    name: 'transactionSet', path: '/enterpriseInformation/transactionSet', hide: true, type: 2, isEdit: true,
    meta: { title: '异动设置', hasRole: false, keepAlive: false, level: 2, parent: 'enterpriseInformation', menu: false },
  },
  // ── "Trade information" ──
  {
    name: 'tradeInformation', path: '/tradeInformation', hide: false, type: 2, isEdit: false,
    meta: { title: '交易信息', hasRole: false, keepAlive: false, level: 1, icon: 'TransactionOutlined', menu: true },
  },
  {
    name: 'billManagement', path: '/billManagement', hide: false, type: 2, isEdit: false,
    meta: { title: '账单管理', hasRole: false, keepAlive: false, level: 2, parent: 'tradeInformation', menu: true, badgeKey: 'billCount' },
  },
  {
    name: 'invoiceManagement', path: '/invoiceManagement', hide: false, type: 2, isEdit: false,
    meta: { title: '发票管理', hasRole: false, keepAlive: false, level: 2, parent: 'tradeInformation', menu: true },
  },
  {
    name: 'salaryDetails', path: '/tradeInformation/salaryDetails/:reportId', hide: true, type: 2, isEdit: false,
    meta: { title: '薪资明细', hasRole: false, keepAlive: false, level: 3, parent: 'billManagement', menu: false },
  },
  // ── "Support" ──
  {
    name: 'supportAndService', path: '/supportAndService', hide: false, type: 2, isEdit: false,
    meta: { title: '支持与服务', hasRole: false, keepAlive: false, level: 1, icon: 'CustomerServiceOutlined', menu: true },
  },
  {
    name: 'orderManagement', path: '/orderManagement', hide: false, type: 2, isEdit: false,
    meta: { title: '工单管理', hasRole: false, keepAlive: false, level: 2, parent: 'supportAndService', menu: true },
  },
  {
    name: 'managementDetail', path: '/managementDetail/:id/:name', hide: true, type: 2, isEdit: false,
    meta: { title: '工单详情', hasRole: false, keepAlive: false, level: 3, parent: 'orderManagement', menu: false },
  },
  {
    name: 'messageCenter', path: '/messageCenter', hide: false, type: 2, isEdit: false,
    meta: { title: '消息中心', hasRole: false, keepAlive: false, level: 2, parent: 'supportAndService', menu: true },
  },
  {
    name: 'downloadCenter', path: '/downloadCenter', hide: false, type: 2, isEdit: false,
    meta: { title: '下载中心', hasRole: false, keepAlive: false, level: 2, parent: 'supportAndService', menu: true },
  },
  {
    name: 'appCenter', path: '/appCenter', hide: true, type: 2, isEdit: false,
    meta: { title: '订阅中心', hasRole: false, keepAlive: false, level: 2, parent: 'supportAndService', menu: false },
  },
  {
    name: 'helpCenter', path: '/helpCenter', hide: true, type: 2, isEdit: false,
    meta: { title: '帮助中心', hasRole: false, keepAlive: false, level: 2, parent: 'supportAndService', menu: false },
  },
  {
    name: 'feedBack', path: '/feedBack', hide: true, type: 2, isEdit: false,
    meta: { title: '意见反馈', hasRole: false, keepAlive: false, level: 2, parent: 'supportAndService', menu: false },
  },
  // ── "Outsourced labour" ──
  {
    name: 'outsourcingLabor', path: '/outsourcingLabor', redirect: '/outsourcingLabor/initiateIndex', hide: false, type: 9, isEdit: false,
    meta: { title: '外包用工', hasRole: false, keepAlive: false, level: 1, icon: 'SolutionOutlined', menu: true },
  },
  {
    name: 'initiateIndex', path: '/outsourcingLabor/initiateIndex', hide: false, type: 9, isEdit: false,
    meta: { title: '外包看板', hasRole: false, keepAlive: false, level: 2, parent: 'outsourcingLabor', menu: true },
  },
  {
    name: 'initiateOnboarding', path: '/outsourcingLabor/onboardingManagement/initiateOnboarding', hide: false, type: 9, isEdit: false,
    meta: { title: '发起入职', hasRole: false, keepAlive: false, level: 2, parent: 'outsourcingLabor', menu: true },
  },
  {
    name: 'initiateOnboardingStep', path: '/outsourcingLabor/onboardingManagement/initiateOnboardingStep', hide: true, type: 9, isEdit: true,
    meta: { title: '提交入职信息', hasRole: false, keepAlive: false, level: 3, parent: 'initiateOnboarding', menu: false },
  },
  {
    name: 'initiateOnboardingList', path: '/outsourcingLabor/onboardingManagement/initiateOnboardingList', hide: false, type: 9, isEdit: false,
    meta: { title: '入职记录', hasRole: false, keepAlive: false, level: 2, parent: 'outsourcingLabor', menu: true },
  },
  {
    name: 'dispatch', path: '/staffRoll/dispatch', hide: false, type: 9, isEdit: false,
    meta: { title: '派遣员工', hasRole: false, keepAlive: false, level: 2, parent: 'outsourcingLabor', menu: true },
  },
  {
    name: 'epiboly', path: '/staffRoll/epiboly', hide: false, type: 9, isEdit: false,
    meta: { title: '外包员工', hasRole: false, keepAlive: false, level: 2, parent: 'outsourcingLabor', menu: true },
  },
  {
    name: 'quitJobManage', path: '/outsourcingLabor/quitJobManage', hide: false, type: 9, isEdit: false,
    meta: { title: '外包离职管理', hasRole: false, keepAlive: false, level: 2, parent: 'outsourcingLabor', menu: true },
  },
  {
    name: 'wbEmployee', path: '/wbEmployee', hide: false, type: 9, isEdit: false,
    meta: { title: '前员工花名册', hasRole: false, keepAlive: false, level: 2, parent: 'outsourcingLabor', menu: true },
  },
  {
    name: 'fillPostOrder', path: '/outsourcingLabor/outsourceOrder/fillPostOrder', hide: false, type: 9, isEdit: false,
    meta: { title: '补岗工单', hasRole: false, keepAlive: false, level: 2, parent: 'outsourcingLabor', menu: true },
  },
  {
    name: 'fillPostOrderDetail', path: '/outsourcingLabor/outsourceOrder/fillPostOrderDetail/:id/:name', hide: true, type: 9, isEdit: false,
    meta: { title: '补岗工单详情', hasRole: false, keepAlive: false, level: 3, parent: 'fillPostOrder', menu: false },
  },
  {
    name: 'dismissOrder', path: '/outsourcingLabor/outsourceOrder/dismissOrder', hide: false, type: 9, isEdit: false,
    meta: { title: '减员工单', hasRole: false, keepAlive: false, level: 2, parent: 'outsourcingLabor', menu: true },
  },
  {
    name: 'dismissOrderDetail', path: '/outsourcingLabor/outsourceOrder/dismissOrderDetail/:id/:name', hide: true, type: 9, isEdit: false,
    meta: { title: '减员工单详情', hasRole: false, keepAlive: false, level: 3, parent: 'dismissOrder', menu: false },
  },
] as const satisfies readonly RouteDef[];

/** Every route name (= permission key) as a literal union. */
export type RouteName = (typeof ROUTE_TABLE)[number]['name'];

/**
 * The route table, widened to `RouteDef` (so optional fields such as `public` and `meta.parent`
 * can be read on any entry) while `name` keeps its literal union type.
 */
export const ROUTES: readonly (RouteDef & { name: RouteName })[] = ROUTE_TABLE;

export const ROUTE_NAMES: readonly RouteName[] = ROUTES.map((r) => r.name);

const BY_NAME: ReadonlyMap<string, RouteDef> = new Map(ROUTES.map((r) => [r.name, r]));

export function findRoute(name: string): RouteDef | undefined {
  return BY_NAME.get(name);
}

export function routesByMenuType(type: MenuType): RouteDef[] {
  return ROUTES.filter((r) => r.type === type);
}

/** Keep a route when the map grants its name or hasRole is true. Public routes always kept. */
export function filterRoutesByPermission(
  routes: readonly RouteDef[],
  granted: Record<string, boolean>,
): RouteDef[] {
  return routes.filter(
    (r) =>
      r.public === true ||
      r.meta.hasRole ||
      (Object.prototype.hasOwnProperty.call(granted, r.name) && granted[r.name] === true),
  );
}

/** Children of a route (meta.parent === name), in table order. */
export function childRoutes(name: string): RouteDef[] {
  return ROUTES.filter((r) => r.meta.parent === name);
}

/** A route the side menu lists (hidden routes and pure redirects are not). */
export function isMenuEntry(r: RouteDef): boolean {
  return !r.hide && r.meta.menu !== false;
}

/**
 * The menu entries right under a route as the menu nests them: its children that are entries, and
 * the entries under a hidden child in between (/fzsxapp/index under the redirect /fzsxapp/home).
 */
export function menuEntriesUnder(name: string): RouteDef[] {
  return childRoutes(name).flatMap((c) => (isMenuEntry(c) ? [c] : menuEntriesUnder(c.name)));
}

/** A menu entry that opens a submenu: it has menu entries of its own and no screen. */
export function isMenuGroup(r: RouteDef): boolean {
  return isMenuEntry(r) && menuEntriesUnder(r.name).length > 0;
}

/** Pure aliases (hidden redirects such as `/` → `/home`): followed without a grant; their target decides. */
export function isAlias(r: RouteDef): boolean {
  return r.hide && !!r.redirect && r.redirect !== r.path;
}

/** The keys a route's screen needs: all of `all`, and one of `anyOf` when it is not empty (none for public routes). */
export function screenNeeds(r: RouteDef): { all: readonly string[]; anyOf: readonly string[] } {
  return { all: r.needs ?? (r.public === true || isMenuGroup(r) || isAlias(r) ? [] : [r.name]), anyOf: r.anyOf ?? [] };
}

function holds(granted: Record<string, boolean>, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(granted, key) && granted[key] === true;
}

/**
 * Whether the user may open a route's screen: the permission filter (granted by name, or hasRole), and
 * the keys its screen needs. A menu group also needs one usable entry under it; a public route and
 * an alias are always usable.
 */
export function canUseRoute(r: RouteDef, granted: Record<string, boolean>): boolean {
  return usableNames(granted).has(r.name);
}

/** The usable routes among `routes`, in their order (see canUseRoute). */
export function filterUsableRoutes(routes: readonly RouteDef[], granted: Record<string, boolean>): RouteDef[] {
  const usable = usableNames(granted);
  return routes.filter((r) => usable.has(r.name));
}

function usableNames(granted: Record<string, boolean>): Set<string> {
  const passes = new Set(filterRoutesByPermission(ROUTES, granted).map((r) => r.name));
  const memo = new Map<string, boolean>();
  const usable = (r: RouteDef): boolean => {
    const known = memo.get(r.name);
    if (known !== undefined) return known;
    let ok: boolean;
    if (r.public === true || isAlias(r)) ok = true;
    else if (!passes.has(r.name)) ok = false;
    else {
      const { all, anyOf } = screenNeeds(r);
      ok = all.every((k) => holds(granted, k)) && (anyOf.length === 0 || anyOf.some((k) => holds(granted, k)));
      if (ok && isMenuGroup(r)) ok = menuEntriesUnder(r.name).some(usable);
    }
    memo.set(r.name, ok);
    return ok;
  };
  return new Set(ROUTES.filter(usable).map((r) => r.name));
}
