/**
 * Service configuration (服务配置): one card per service; each setting shown is one the product reads,
 * edited on the screen that owns it (docs/enterprise.md).
 */
export const SERVICE_TYPES = ['payslip', 'econtract', 'payroll', 'social', 'outsourcing', 'reminder', 'assets'] as const;
export type ServiceType = (typeof SERVICE_TYPES)[number];
export const SERVICE_LABELS: Record<ServiceType, string> = {
  payslip: '电子工资条',
  econtract: '电子合同',
  payroll: '薪酬计算',
  social: '社保托管',
  outsourcing: '外包管理',
  reminder: '提醒',
  assets: '资产',
};
export function isServiceType(v: string): v is ServiceType {
  return (SERVICE_TYPES as readonly string[]).includes(v);
}
