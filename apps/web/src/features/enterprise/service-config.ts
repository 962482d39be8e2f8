import { SERVICE_LABELS, SERVICE_TYPES, type ProductCode, type RouteName, type ServiceType } from '@wfsaas/contracts';

/**
 * 服务配置: the settings of each service the product reads, each edited on the screen that owns it
 * (docs/enterprise.md). Nothing is listed that no module reads.
 */
export type ServiceSetting = { title: string; effect: string; route: RouteName };

export const SERVICE_SETTINGS: Record<ServiceType, ServiceSetting[]> = {
  payslip: [
    { title: '导入与发放工资条', effect: '导入工资表、选择发放的员工与通知方式', route: 'importPayslip' },
    { title: '工资条管理', effect: '撤回、重发工资条，重置员工的工资条查询密码', route: 'payslipManagement' },
  ],
  econtract: [
    { title: '合同水印', effect: '签署的合同文件上加盖的水印', route: 'watermarkList' },
    { title: '印章管理', effect: '企业签署合同时可用的印章及其启用状态', route: 'sealList' },
    { title: '合同包管理', effect: '各签署场景使用的合同模板组合', route: 'signedPackageManage' },
  ],
  payroll: [
    { title: '薪资组', effect: '计薪公式、薪资项目与组内人员', route: 'salaryManagement' },
    { title: '工作日历', effect: '法定节假日与调休上班日，影响计薪天数', route: 'fzsxappCalendarList' },
  ],
  social: [
    { title: '参保主体', effect: '为员工办理社保公积金时使用的参保主体与城市', route: 'selectInsured' },
    { title: '员工参保信息', effect: '员工的参保城市、基数与险种', route: 'insuranceInformation' },
  ],
  outsourcing: [
    { title: '方案管理', effect: '外包用工的结算方案', route: 'allocationPlanConfiguration' },
    { title: '共管管理', effect: '与用工单位共同管理外包员工', route: 'condominiumManage' },
  ],
  reminder: [{ title: '提醒设置', effect: '试用期到期、生日、司龄、合同到期提醒的开关与提前天数', route: 'employmentRelationship' }],
  assets: [{ title: '资产中心', effect: '企业资产的登记与领用', route: 'assetsList' }],
};

/** The subscription product each service runs under (reminders and assets come with core HR). */
export const SERVICE_PRODUCT: Record<ServiceType, ProductCode> = {
  payslip: 'payslip',
  econtract: 'econtract',
  payroll: 'payroll',
  social: 'siHosting',
  outsourcing: 'outsourcing',
  reminder: 'hr',
  assets: 'hr',
};

export const SERVICES = SERVICE_TYPES.map((type) => ({ type, label: SERVICE_LABELS[type], settings: SERVICE_SETTINGS[type] }));

/** The settings a member can open: granted and built. */
export function openableSettings(settings: readonly ServiceSetting[], canOpen: (route: RouteName) => boolean): ServiceSetting[] {
  return settings.filter((s) => canOpen(s.route));
}
