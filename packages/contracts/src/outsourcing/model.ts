import { z } from 'zod';
import { zId } from '../auth.ts';
import { zDay, zMoney, zPayrollMonth, zRate } from '../payroll/fields.ts';
import { FEE_KINDS, POST_KINDS, VAT_KINDS, type FeeKind, type PostKind, type VatKind } from './codes.ts';

/** Requests and views of outsourced labour: ids, plans, clients and the board (docs/outsourcing.md). Amounts are decimal strings with two places. */

export const zOsEnum = <T extends readonly { value: string }[]>(table: T, label: string) =>
  z.enum(table.map((x) => x.value) as [T[number]['value'], ...T[number]['value'][]]).describe(label);

export const zPlanId = zId('方案');
export const zClientId = zId('用工单位');
export const zOrderId = zId('补岗单');
export const zDismissId = zId('退工单');
export const zPlacementId = zId('派驻记录');
export const zBillId = zId('账单');
export const zOsMonth = zPayrollMonth.describe('月份');
export const zOsText = (label: string, max: number) => z.string().trim().max(max).default('').describe(label);

// ── 方案 ──
export const zPlanSave = z.object({
  id: zPlanId.optional(),
  name: z.string().trim().min(1).max(60).describe('方案名称'),
  feeKind: zOsEnum(FEE_KINDS, '服务费方式'),
  /** perHead: yuan per worker and month; percent: the rate of wages plus employer contributions. */
  feeAmount: zMoney('每人每月服务费').nullable().default(null),
  feeRate: zRate('服务费比例').nullable().default(null),
  vatKind: zOsEnum(VAT_KINDS, '增值税计税方式'),
  salaryGroupId: zId('薪资组').nullable().default(null),
  siEntityId: zId('参保主体').nullable().default(null),
  /** The e-contract package signed at onboarding (the tri-party or dispatch labour contract). */
  contractPackageId: zId('合同包').nullable().default(null),
  remark: zOsText('备注', 200),
});
export type PlanSave = z.infer<typeof zPlanSave>;
export const zPlanIdBody = z.object({ id: zPlanId });
export type PlanView = {
  id: number;
  name: string;
  feeKind: FeeKind;
  feeAmount: string | null;
  feeRate: string | null;
  vatKind: VatKind;
  salaryGroupId: number | null;
  salaryGroupName: string | null;
  siEntityId: number | null;
  siEntityName: string | null;
  contractPackageId: number | null;
  contractPackageName: string | null;
  remark: string;
  /** Clients buying this plan. */
  clientCount: number;
  updatedAt: string;
};
export const zPlanTemplates = z.object({ packageId: zId('合同包') });
export const zPlanTemplateDetail = z.object({ templateId: zId('合同模板') });
export type PlanTemplateRow = { id: number; name: string; contractTypeName: string | null; signerCount: number; fieldCount: number; updatedAt: string; plans: string[] };
export type PlanTemplateDetail = { id: number; name: string; packageNames: string[]; fields: { key: string; label: string; source: string }[]; pageCount: number | null; previewFileId: string | null };

// ── 用工单位 ──
export const zClientPost = z.object({
  name: z.string().trim().min(1).max(40).describe('岗位名称'),
  kind: zOsEnum(POST_KINDS, '岗位性质'),
});
export type ClientPost = { name: string; kind: PostKind };
export const zClientSave = z.object({
  id: zClientId.optional(),
  name: z.string().trim().min(1).max(80).describe('用工单位名称'),
  /** Unified social credit code; a company on the platform with this code can be linked for joint custody. */
  creditCode: z.string().trim().toUpperCase().max(18).default('').describe('统一社会信用代码'),
  kind: z.union([z.literal(1), z.literal(2), z.literal(3)]).describe('合作方式'),
  agreementStart: zDay('协议开始日期'),
  agreementEnd: zDay('协议结束日期'),
  planId: zPlanId,
  /** The client's own employees under labour contracts (用工总量 less the dispatched). */
  headcount: z.number().int().min(0).max(10_000_000).describe('用工单位自有职工人数'),
  posts: z.array(zClientPost).min(1, '请至少添加一个岗位').max(100).describe('可派驻岗位'),
  contactName: zOsText('联系人', 40),
  contactPhone: z.string().trim().max(11).default('').describe('联系电话'),
  remark: zOsText('备注', 200),
});
export type ClientSave = z.infer<typeof zClientSave>;
export const zClientIdBody = z.object({ id: zClientId });
export type ClientView = {
  id: number;
  name: string;
  creditCode: string;
  kind: 1 | 2 | 3;
  agreementStart: string;
  agreementEnd: string;
  planId: number;
  planName: string;
  headcount: number;
  /** The headcount used for the dispatch ratio: read from the linked company when it is on the platform. */
  effectiveHeadcount: number;
  posts: ClientPost[];
  contactName: string;
  /** Masked. */
  contactPhone: string;
  remark: string;
  /** The company on the platform with the same credit code, if any. */
  linkedCompanyId: number | null;
  linkedCompanyName: string | null;
  activeCount: number;
};

/** The dispatch rules as they stand for one client (and one more placement when asked). */
export type DispatchRatio = {
  dispatched: number;
  /** 用工总量 = own headcount + dispatched. */
  total: number;
  /** Decimal string, e.g. '0.0833'. */
  ratio: string;
  level: 'ok' | 'warn' | 'refuse';
  message: string | null;
};

export const zBoard = z.object({ month: zOsMonth.optional() });
export type BoardClientRow = {
  clientId: number;
  clientName: string;
  kind: 1 | 2 | 3;
  placed: number;
  joiningThisMonth: number;
  leavingThisMonth: number;
  openOrders: number;
  openDismissals: number;
  /** Dispatch clients only. */
  ratio: DispatchRatio | null;
  agreementEnd: string;
  agreementDaysLeft: number;
  bill: { billId: number; status: number; total: string } | null;
};
export type BoardView = { month: string; totals: { placed: number; joining: number; leaving: number; openOrders: number; clients: number }; clients: BoardClientRow[] };
