import { EC_READ_ANY_KEYS, type RouteDef } from './route-types.ts';

/** The core menu (1): home, organisation, employees, lifecycle, contracts; and the SaaS edition entries. */
export const CORE_ROUTES = [
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
] as const satisfies readonly RouteDef[];
