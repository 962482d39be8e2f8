/** Contract statuses, sign orders, forms, scenes, field kinds and sources, and the size limits. */

export const CONTRACT_STATUSES = [
  { value: 0, key: 'pending', label: '待签署', color: 'processing' },
  { value: 1, key: 'signing', label: '签署中', color: 'processing' },
  { value: 2, key: 'signed', label: '已签署', color: 'success' },
  { value: 3, key: 'withdrawn', label: '已撤回', color: 'default' },
  { value: 4, key: 'expiring', label: '即将到期', color: 'warning' },
  { value: 5, key: 'suspended', label: '已中止', color: 'warning' },
  { value: 6, key: 'ended', label: '已终止', color: 'default' },
] as const;
export type ContractStatus = (typeof CONTRACT_STATUSES)[number]['value'];
/** 4 (expiring) is never stored: a signed contract whose end date is within EXPIRING_DAYS is shown as 4. */
export const CONTRACT_STATUS = { pending: 0, signing: 1, signed: 2, withdrawn: 3, expiring: 4, suspended: 5, ended: 6 } as const;
export const EXPIRING_DAYS = 30;

export function contractStatusLabel(s: number): string {
  return CONTRACT_STATUSES.find((x) => x.value === s)?.label ?? '未知';
}

export const SIGN_ORDERS = [
  { value: 1, label: '企业先签' },
  { value: 2, label: '员工先签' },
  { value: 3, label: '双方同时签' },
] as const;
export type SignOrder = (typeof SIGN_ORDERS)[number]['value'];
export const SIGN_ORDER = { companyFirst: 1, employeeFirst: 2, together: 3 } as const;

export const CONTRACT_FORMS = [
  { value: 1, label: '电子合同' },
  { value: 2, label: '纸质合同' },
] as const;
export type ContractForm = (typeof CONTRACT_FORMS)[number]['value'];
export const CONTRACT_FORM = { electronic: 1, paper: 2 } as const;

export const COMPLETENESS = [
  { value: 1, label: '完整' },
  { value: 0, label: '不完整' },
] as const;

/** Signing scenes by deal code. */
export const SIGN_SCENES = [
  { dealCode: 1000, key: 'onboarding', label: '入职' },
  { dealCode: 1001, key: 'regularisation', label: '转正' },
  { dealCode: 1002, key: 'transfer', label: '调岗' },
  { dealCode: 1003, key: 'renewal', label: '续签' },
  { dealCode: 1004, key: 'change', label: '合同变更' },
  { dealCode: 1005, key: 'resignation', label: '离职' },
] as const;
export type DealCode = (typeof SIGN_SCENES)[number]['dealCode'];
export function dealCodeLabel(code: number): string {
  return SIGN_SCENES.find((s) => s.dealCode === code)?.label ?? '未知场景';
}

/** Template field kinds. */
export const FIELD_KINDS = [
  { key: 'record', label: '员工档案信息' },
  { key: 'input', label: '员工填写' },
  { key: 'companySeal', label: '企业盖章位置' },
  { key: 'employeeSign', label: '员工签名位置' },
  { key: 'signDate', label: '签署日期' },
] as const;
export type FieldKind = (typeof FIELD_KINDS)[number]['key'];

/** Where a `record` field takes its text from, filled when the contract is initiated. */
export const RECORD_SOURCES = [
  { key: 'name', label: '姓名', sample: '张三' },
  { key: 'idNumber', label: '证件号码', sample: '110101199003074512' },
  { key: 'mobile', label: '手机号', sample: '13800138000' },
  { key: 'gender', label: '性别', sample: '男' },
  { key: 'employeeNo', label: '工号', sample: 'E0001' },
  { key: 'department', label: '部门', sample: '人力资源部' },
  { key: 'position', label: '职位', sample: '人事专员' },
  { key: 'salary', label: '薪资（元/月）', sample: '8000.00' },
  { key: 'hireDate', label: '入职日期', sample: '2026-01-05' },
  { key: 'contractStart', label: '合同开始日期', sample: '2026-01-05' },
  { key: 'contractEnd', label: '合同结束日期', sample: '2029-01-04' },
  { key: 'probationEnd', label: '试用期结束日期', sample: '2026-04-04' },
  { key: 'address', label: '联系地址', sample: '北京市朝阳区建国路 1 号' },
  { key: 'companyName', label: '企业名称', sample: '示例科技有限公司' },
  { key: 'companyCreditCode', label: '统一社会信用代码', sample: '91110000100000000A' },
  { key: 'today', label: '发起日期', sample: '2026-01-05' },
] as const;
export type RecordSource = (typeof RECORD_SOURCES)[number]['key'];

/** Which party a signDate field belongs to. */
export const FIELD_PARTIES = [
  { key: 'company', label: '企业' },
  { key: 'employee', label: '员工' },
] as const;
export type FieldParty = (typeof FIELD_PARTIES)[number]['key'];

export const TEMPLATE_KINDS = [
  { key: 'pdf', label: '上传 PDF' },
  { key: 'richText', label: '在线编辑' },
] as const;
export type TemplateKind = (typeof TEMPLATE_KINDS)[number]['key'];

export const MAX_TEMPLATE_PDF_BYTES = 20 * 1024 * 1024;
export const MAX_PAPER_SCAN_BYTES = 20 * 1024 * 1024;
/** A drawn signature PNG (base64 data URL). */
export const MAX_SIGNATURE_DATA_URL = 400_000;
export const MAX_BATCH_INITIATE = 1000;
export const MAX_FIELDS = 60;
export const MAX_PARAGRAPHS = 400;
export const MAX_PARAGRAPH_CHARS = 2000;
/** Urging the employee again is allowed once an hour per contract. */
export const URGE_INTERVAL_MINUTES = 60;
export const MAX_DEADLINE_DAYS = 90;
