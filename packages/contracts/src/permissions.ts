import { ROUTES } from './routes.ts';

/**
 * Permission keys: every route name (the map the web filters routes with), plus action
 * keys for writes, each attached to the route whose screen offers it.
 */
export const ACTION_KEYS = [
  { key: 'rolePermission.edit', parent: 'rolePermission', title: '编辑角色与权限' },
  { key: 'accredit.edit', parent: 'accredit', title: '管理三方授权' },
  { key: 'enterpriseInformation.edit', parent: 'enterpriseInformation', title: '编辑企业信息' },
  { key: 'sensitive.view', parent: 'staffRoll', title: '查看敏感信息（完整证件号、手机号、银行卡号）' },
  { key: 'staffRoll.edit', parent: 'staffRoll', title: '编辑员工档案（新增、修改、删除、调动、自定义字段）' },
  { key: 'organizationalstructure.edit', parent: 'organizationalstructure', title: '编辑组织架构（部门、版本、导入）' },
  { key: 'positionRank.edit', parent: 'positionRank', title: '编辑职位与职级' },
  { key: 'costCenter.edit', parent: 'costCenter', title: '编辑成本中心' },
  { key: 'employmentRelationship.edit', parent: 'employmentRelationship', title: '编辑提醒设置' },
  { key: 'sealList.edit', parent: 'sealList', title: '管理印章（生成、上传、启用、停用、删除）' },
  { key: 'initiateSigning.edit', parent: 'initiateSigning', title: '发起电子合同签署（单个、批量）' },
  { key: 'signContract.seal', parent: 'signContract', title: '企业签署合同（加盖企业印章）' },
  { key: 'signedPackageManage.edit', parent: 'signedPackageManage', title: '编辑合同模板与合同包' },
  { key: 'employeeContractManagement.withdraw', parent: 'employeeContractManagement', title: '管理电子合同（撤回、中止、恢复、终止、催签、纸质合同签署）' },
  { key: 'initType.edit', parent: 'initType', title: '编辑合同类型' },
  { key: 'contractConfig.edit', parent: 'contractConfig', title: '编辑合同签署场景' },
  { key: 'watermarkList.edit', parent: 'watermarkList', title: '编辑合同水印' },
  { key: 'alternation.edit', parent: 'alternation', title: '办理调岗调薪（发起、取消、修改生效日期）' },
  { key: 'doQuit.edit', parent: 'doQuit', title: '办理离职（发起、取消、修改最后工作日、交接状态）' },
  { key: 'dimissionRoster.edit', parent: 'dimissionRoster', title: '离职员工再入职' },
  { key: 'selfOnboardingInvite.edit', parent: 'selfOnboardingInvite', title: '邀请入职（创建和关闭邀请、审核入职登记）' },
  { key: 'selfOnboardingList.edit', parent: 'selfOnboardingList', title: '办理入职（新增待入职、确认入职、放弃、取消、重新办理）' },
  { key: 'renewal.edit', parent: 'renewal', title: '合同续签（续签、不续签）' },
  { key: 'contractAlter.edit', parent: 'contractAlter', title: '合同变更' },
  { key: 'conversion.edit', parent: 'conversion', title: '办理转正（转正、延长试用期、取消、修改生效日期）' },
  { key: 'transactionSet.edit', parent: 'transactionSet', title: '编辑异动设置（审批范围、默认试用期）' },
  { key: 'transactionSet.review', parent: 'transactionSet', title: '审批异动（通过、驳回）' },
  { key: 'payslipManagement.send', parent: 'payslipManagement', title: '发送工资条（发送、重发、定时、终止、撤回、催签）' },
  { key: 'payslipManagement.edit', parent: 'payslipManagement', title: '编辑工资条（草稿、匹配人员、模板、删除、回复反馈）' },
  { key: 'salaryManagement.edit', parent: 'salaryManagement', title: '编辑薪资组与社保政策（工资项、公式、人员、计税与社保规则）' },
  { key: 'salaryByBatch.edit', parent: 'salaryByBatch', title: '编辑薪资批次（新建、导入数据、录入、删除、个税扣除信息）' },
  { key: 'salaryByBatch.calculate', parent: 'salaryByBatch', title: '计算薪资' },
  { key: 'salaryByBatch.lock', parent: 'salaryByBatch', title: '锁定与解锁薪资批次' },
  { key: 'salaryByBatch.submit', parent: 'salaryByBatch', title: '提交工资表、推送工资条' },
  { key: 'fzsxappCalendarList.edit', parent: 'fzsxappCalendarList', title: '编辑工作日历' },
  { key: 'declarationRecords.edit', parent: 'declarationRecords', title: '设置个税申报状态' },
  { key: 'importTableData.edit', parent: 'importTableData', title: '编辑导入表数据（数据表、上传、作废）' },
  { key: 'importTableData.push', parent: 'importTableData', title: '数据推送接口（向物联网数据、应用数据表推送数据）' },
  { key: 'iotData.edit', parent: 'iotData', title: '编辑物联网数据表（数据表、作废批次）' },
  { key: 'applicationData.edit', parent: 'applicationData', title: '编辑应用数据表（数据表、作废批次）' },
  { key: 'selectInsured.edit', parent: 'selectInsured', title: '编辑参保主体与申报模板' },
  { key: 'applyMonth.edit', parent: 'applyMonth', title: '办理社保申报（生成、编辑、提交、撤回、导入结果）' },
  { key: 'insuranceInformation.edit', parent: 'insuranceInformation', title: '编辑员工参保信息（补录参保、年度调基）' },
  { key: 'insuranceRecord.edit', parent: 'insuranceRecord', title: '生成缴费记录、导入账单对账' },
  { key: 'allocationPlanConfiguration.edit', parent: 'allocationPlanConfiguration', title: '编辑外包方案' },
  { key: 'initiateIndex.edit', parent: 'initiateIndex', title: '编辑用工单位（协议、岗位、用工人数）' },
  { key: 'initiateIndex.bill', parent: 'initiateIndex', title: '生成、导出客户月度账单，登记收款' },
  { key: 'fillPostOrder.edit', parent: 'fillPostOrder', title: '处理补岗工单（新建、接单、取消）' },
  { key: 'dismissOrder.edit', parent: 'dismissOrder', title: '处理减员工单（新建、重新派遣或办理离职、取消）' },
  { key: 'quitJobManage.edit', parent: 'quitJobManage', title: '办理外包人员离岗' },
  { key: 'wbEmployee.edit', parent: 'wbEmployee', title: '前员工重新派遣' },
  { key: 'condominiumManage.edit', parent: 'condominiumManage', title: '设置用工单位共管（可见字段、审批、账单确认）' },
  { key: 'condominiumManage.client', parent: 'condominiumManage', title: '作为用工单位共管（查看派驻人员、审批工单、退工、确认账单）' },
  { key: 'assetsList.edit', parent: 'assetsList', title: '管理资产（新增、领用、归还、维修、报废）' },
  { key: 'fiduciaryAccount.edit', parent: 'fiduciaryAccount', title: '托管账户（登记充值、发放工资）' },
  { key: 'billManagement.pay', parent: 'billManagement', title: '确认账单、登记付款、申请解锁' },
  { key: 'invoiceManagement.edit', parent: 'invoiceManagement', title: '维护发票抬头、申请发票' },
  { key: 'appCenter.edit', parent: 'appCenter', title: '订阅与购买服务' },
  { key: 'dataGroupMaintenance.edit', parent: 'dataGroupMaintenance', title: '编辑数据组（薪资组取数的数据表）' },
  { key: 'orderManagement.edit', parent: 'orderManagement', title: '处理工单（新建、回复、确认、评价、删除、锁定）' },
  { key: 'dictionaryCenter.edit', parent: 'dictionaryCenter', title: '编辑字典与选项' },
  { key: 'systemInitialize.edit', parent: 'systemInitialize', title: '标记步骤无需配置、交付' },
  { key: 'payConfig.edit', parent: 'payConfig', title: '编辑付款账户' },
  { key: 'pushChannel.edit', parent: 'pushChannel', title: '编辑推送渠道（邮件模板、公众号、短信模板，测试发送）' },
  { key: 'systemConfig.edit', parent: 'systemConfig', title: '编辑系统配置（字段配置、登录与密码、页面水印、数据保留）' },
  { key: 'modifyForm.edit', parent: 'modifyForm', title: '编辑自定义表单（设计、保存新版本、删除未使用的表单）' },
] as const;

export type ActionKey = (typeof ACTION_KEYS)[number]['key'];

export const PERMISSION_KEYS: readonly string[] = [
  ...ROUTES.filter((r) => !r.public).map((r) => r.name),
  ...ACTION_KEYS.map((a) => a.key),
];

const KEY_SET = new Set(PERMISSION_KEYS);
export function isPermissionKey(key: string): boolean {
  return KEY_SET.has(key);
}

export type PermissionNode = { key: string; title: string; type: 'menu' | 'action'; children: PermissionNode[] };

/** The permission tree the role editor shows: routes nested by parent, actions under their route. */
export function buildPermissionTree(): PermissionNode[] {
  const nodes = new Map<string, PermissionNode>();
  for (const r of ROUTES) if (!r.public) nodes.set(r.name, { key: r.name, title: r.meta.title, type: 'menu', children: [] });
  const roots: PermissionNode[] = [];
  for (const r of ROUTES) {
    if (r.public) continue;
    const node = nodes.get(r.name)!;
    const parent = r.meta.parent ? nodes.get(r.meta.parent) : undefined;
    (parent ? parent.children : roots).push(node);
  }
  for (const a of ACTION_KEYS) nodes.get(a.parent)?.children.push({ key: a.key, title: a.title, type: 'action', children: [] });
  return roots;
}
