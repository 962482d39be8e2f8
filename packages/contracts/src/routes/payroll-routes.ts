import type { RouteDef } from './route-types.ts';

/** Social insurance hosting, payslips, and payroll and tax (7). */
export const PAYROLL_ROUTES = [
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
    name: 'progressReportDetail', path: '/taxReturn/progressReportDetail/:applyId', hide: true, type: 7, isEdit: false, needs: ['progressReportDetail', 'applyMonth'],
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
] as const satisfies readonly RouteDef[];
