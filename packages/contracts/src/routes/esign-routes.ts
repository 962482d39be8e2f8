import { EC_READ_ANY_KEYS, ESIGN_PREFIX, type RouteDef } from './route-types.ts';

/** E-signature: its implementation menu (998) and signing, packages, certification (3). */
export const ESIGN_ROUTES = [
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
] as const satisfies readonly RouteDef[];
