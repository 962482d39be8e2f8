import { z } from 'zod';
import { zId } from '../auth.ts';
import { zIsoDate } from '../employees.ts';
import { zPaging } from '../paging.ts';
import { zRemark } from './change-fields.ts';
import type { EmployeeChangeView } from './changes.ts';

// ── Labour contracts, renewal and contract change (/staffManagement/changeAlternation/renewal and /contractAlter; employeeContractChange) ──
//
// Each employee has at most one current labour contract (生效中). Renewal (续签) makes a new contract
// following the current one (the old becomes 已续签); 不续签 ends it on its end date (已到期终止) and,
// when asked, starts the resignation (合同到期不续签) with the end date as the last working day. A
// contract change (合同变更) alters the current contract's term or terms from a date, recorded on the
// timeline. An open-ended contract (无固定期限) has no end date. A fixed-term contract ends after it
// starts; a renewal starts after the current contract's start and not later than the day after its end.

export const RENEWAL_READ = 'renewal';
export const RENEWAL_EDIT = 'renewal.edit';
export const CONTRACT_ALTER_READ = 'contractAlter';
export const CONTRACT_ALTER_EDIT = 'contractAlter.edit';
export const DEFAULT_RENEWAL_DAYS = 60;

export const LABOUR_CONTRACT_TYPES = [
  { value: 1, label: '固定期限劳动合同' },
  { value: 2, label: '无固定期限劳动合同' },
  { value: 3, label: '以完成一定工作任务为期限的劳动合同' },
  { value: 4, label: '实习协议' },
  { value: 5, label: '劳务协议' },
] as const;
export type LabourContractType = (typeof LABOUR_CONTRACT_TYPES)[number]['value'];
export function labourContractTypeLabel(v: number): string {
  return LABOUR_CONTRACT_TYPES.find((t) => t.value === v)?.label ?? '其他';
}

export const LABOUR_CONTRACT_STATUSES = [
  { value: 1, label: '生效中' },
  { value: 2, label: '已续签' },
  { value: 3, label: '已到期终止' },
  { value: 4, label: '已解除' },
] as const;
export function labourContractStatusLabel(v: number): string {
  return LABOUR_CONTRACT_STATUSES.find((t) => t.value === v)?.label ?? '未知';
}

const zContractType = z
  .preprocess((v) => (typeof v === 'string' && /^\d$/.test(v.trim()) ? Number(v) : v), z.literal(LABOUR_CONTRACT_TYPES.map((t) => t.value) as [LabourContractType, ...LabourContractType[]]))
  .describe('合同类型');

export const zLabourContractAdd = z.object({
  employeeId: zId('员工'),
  type: zContractType,
  contractNo: z.string().trim().max(50).optional().describe('合同编号'),
  startDate: zIsoDate('合同开始日期'),
  endDate: zIsoDate('合同结束日期').optional(),
  signDate: zIsoDate('签订日期').optional(),
  remark: zRemark,
});
export type LabourContractAdd = z.infer<typeof zLabourContractAdd>;

export type LabourContractView = {
  id: number;
  employeeId: number;
  contractNo: string | null;
  type: number;
  typeLabel: string;
  startDate: string;
  endDate: string | null;
  signDate: string | null;
  status: number;
  statusLabel: string;
  renewedFrom: number | null;
  terms: Record<string, string | number | null>;
  remark: string | null;
  createdAt: string;
};

export const RENEWAL_TABS = [
  { key: 'expiring', label: '即将到期' },
  { key: 'expired', label: '已过期未处理' },
  { key: 'renewed', label: '已续签' },
  { key: 'ended', label: '不续签' },
] as const;
export type RenewalTab = (typeof RENEWAL_TABS)[number]['key'];

export const zRenewalPage = z.object({
  ...zPaging,
  tab: z.enum(RENEWAL_TABS.map((t) => t.key) as [RenewalTab, ...RenewalTab[]]).default('expiring').describe('列表'),
  withinDays: z.coerce.number().int().min(0).max(365).default(DEFAULT_RENEWAL_DAYS).describe('到期天数'),
  keyword: z.string().trim().max(50).optional().describe('姓名/工号'),
});
export type RenewalPage = z.infer<typeof zRenewalPage>;

export type RenewalRow = {
  employeeId: number;
  name: string;
  employeeNo: string | null;
  departmentName: string | null;
  employeeStatus: number;
  contract: LabourContractView;
  /** renewed: the contract that follows. */
  next: LabourContractView | null;
  /** Days from today to the end date (negative: past). */
  daysLeft: number | null;
};
export type RenewalCounts = Record<RenewalTab, number>;

export const zRenew = z.object({
  contractId: zId('合同'),
  type: zContractType,
  startDate: zIsoDate('新合同开始日期'),
  endDate: zIsoDate('新合同结束日期').optional(),
  contractNo: z.string().trim().max(50).optional().describe('合同编号'),
  remark: zRemark,
});
export type Renew = z.infer<typeof zRenew>;

export const zContractEnd = z.object({
  contractId: zId('合同'),
  /** Also start the resignation (合同到期不续签), last working day = the end date. */
  startQuit: z.boolean().default(true).describe('同时办理离职'),
  remark: zRemark,
});

export const zContractChangeDo = z.object({
  contractId: zId('合同'),
  effectiveDate: zIsoDate('变更生效日期'),
  type: zContractType.optional(),
  /** A new end date; null makes the contract open-ended (only with type 2). */
  endDate: zIsoDate('变更后合同结束日期').nullish(),
  content: z.string().trim().min(1).max(500).describe('变更内容'),
});
export type ContractChangeDo = z.infer<typeof zContractChangeDo>;

export const zContractChangePage = z.object({
  ...zPaging,
  keyword: z.string().trim().max(50).optional().describe('姓名/工号'),
});

export type ContractChangeRow = EmployeeChangeView & { name: string; employeeNo: string | null; departmentName: string | null };

export const zEmployeeContracts = z.object({ employeeId: zId('员工') });
