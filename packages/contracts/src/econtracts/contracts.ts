import { z } from 'zod';
import { zId } from '../auth.ts';
import { MAX_PAGE_SIZE } from '../envelope.ts';
import { zPaging } from '../paging.ts';
import { MAX_BATCH_INITIATE, type ContractForm, type ContractStatus, type FieldKind, type SignOrder } from './codes.ts';
import { zContractIdField, zDate, zReason } from './fields.ts';

/** Contracts: the list and detail, initiating one or many, company sealing, transitions, batches. */

// ── Contracts ──
const zSignStatusFilter = z
  .preprocess((v) => (v === '' || v === null || v === -1 ? undefined : typeof v === 'string' && /^\d$/.test(v) ? Number(v) : v), z.number().int().min(0).max(6).optional())
  .describe('签署状态');

export const zContractPage = z.object({
  ...zPaging,
  /** 0–6; '' or absent for all. 4 lists signed contracts ending within EXPIRING_DAYS. */
  signStatus: zSignStatusFilter,
  keyword: z.string().trim().max(50).optional().describe('合同名称/员工姓名/工号'),
  contractTypeId: zId('合同类型').optional(),
  form: z.union([z.literal(1), z.literal(2)]).optional().describe('合同形式'),
  complete: z.union([z.literal(0), z.literal(1)]).optional().describe('合同完整性'),
  /** 1 signed by every party (the signing completed, whatever happened after), 0 not yet. */
  signed: z.union([z.literal(0), z.literal(1)]).optional().describe('是否已签署'),
  employeeId: zId('员工').optional(),
  /** Only contracts awaiting the company's seal (signContract screen). */
  awaitingCompany: z.boolean().optional().describe('待企业签署'),
  initiatedFrom: zDate('发起开始日期').optional(),
  initiatedTo: zDate('发起结束日期').optional(),
});
export type ContractPage = z.infer<typeof zContractPage>;

/** Initiate from a package (every template becomes one contract) or one template. */
const initiateBase = {
  packageId: zId('合同包').optional(),
  templateId: zId('合同模板').optional(),
  /** Overrides the package's order; required with templateId. */
  signOrder: z.union([z.literal(1), z.literal(2), z.literal(3)]).optional().describe('签署顺序'),
  /** Last day to sign (China date); default: the package's deadline days from today. */
  deadline: zDate('签署截止日期').optional(),
  form: z.union([z.literal(1), z.literal(2)]).default(1).describe('合同形式'),
  /** Contract term, used by contractStart/contractEnd fields and the about-to-expire status. */
  contractStart: zDate('合同开始日期').optional(),
  contractEnd: zDate('合同结束日期').optional(),
  /** Send the employee the signing link now (default true). */
  notify: z.boolean().default(true).describe('通知员工'),
};
export const zContractInitiate = z.object({ employeeId: zId('员工'), ...initiateBase });
export type ContractInitiate = z.infer<typeof zContractInitiate>;
export const zContractBatchInitiate = z.object({
  employeeIds: z.array(zId('员工')).min(1).max(MAX_BATCH_INITIATE).describe('员工'),
  ...initiateBase,
});
export type ContractBatchInitiate = z.infer<typeof zContractBatchInitiate>;
export type InitiateResult = { contractIds: number[] };
export type BatchInitiateResult = { jobId: number; total: number };
export const zContractProgress = z.object({ jobId: zId('任务') });
export type BatchProgress = {
  jobId: number;
  /** queued | running | done | failed */
  state: string;
  total: number;
  done: number;
  succeeded: number;
  failed: number;
  errors: { employeeId: number; name: string | null; reason: string }[];
};

export const zContractId = z.object({ contractId: zContractIdField });
export const zContractReason = z.object({ contractId: zContractIdField, reason: zReason('原因') });
export const zCompanySign = z.object({
  contractIds: z.array(zContractIdField).min(1).max(MAX_PAGE_SIZE).describe('合同'),
  sealId: zId('印章'),
  /** Also stamp a cross-page seal (骑缝章) along the right edge of every page. */
  crossPage: z.boolean().default(false).describe('骑缝章'),
});
export type CompanySign = z.infer<typeof zCompanySign>;
export type CompanySignResult = { signed: number[]; skipped: { contractId: number; reason: string }[] };
export const zPaperSignedQuery = z.object({ contractId: zContractIdField });
export const zEmployeeEContracts = z.object({ employeeId: zId('员工') });

export type ContractView = {
  id: number;
  contractNo: string;
  title: string;
  employeeId: number;
  employeeName: string;
  employeeNo: string | null;
  departmentName: string | null;
  /** Masked (138****0000). */
  mobile: string | null;
  contractTypeId: number | null;
  contractTypeName: string | null;
  templateId: number | null;
  packageId: number | null;
  packageName: string | null;
  signOrder: SignOrder;
  signOrderLabel: string;
  form: ContractForm;
  /** 0–6; 4 when signed and the term ends within EXPIRING_DAYS. */
  signStatus: ContractStatus;
  signStatusLabel: string;
  complete: 0 | 1;
  deadline: string | null;
  contractStart: string | null;
  contractEnd: string | null;
  companySignedAt: string | null;
  employeeSignedAt: string | null;
  completedAt: string | null;
  /** Whose turn: 'company' | 'employee' | 'both' | null when nobody can sign now. */
  awaiting: 'company' | 'employee' | 'both' | null;
  initiatedAt: string;
  initiatedByName: string | null;
  lastUrgedAt: string | null;
  reason: string | null;
};

export type ContractEvidenceEvent = {
  seq: number;
  /** created | sent | viewed | codeSent | identityVerified | filled | intentConfirmed | employeeSigned | companySigned | downloaded | urged | withdrawn | suspended | resumed | ended | paperSigned */
  type: string;
  label: string;
  actor: string | null;
  detail: Record<string, unknown>;
  ip: string | null;
  userAgent: string | null;
  at: string;
  hash: string;
};
export type ContractEvidence = {
  contractId: number;
  events: ContractEvidenceEvent[];
  /** The hash chain recomputes from the first event to the last. */
  intact: boolean;
  /** seq of the first event whose hash does not match, when not intact. */
  brokenAt: number | null;
};

export type ContractDetail = ContractView & {
  baseSha256: string;
  currentSha256: string | null;
  fields: { key: string; label: string; kind: FieldKind; value: string | null }[];
  signatures: { party: 'company' | 'employee'; signerName: string; certificateSerial: string; signedAt: string; sealName?: string | null }[];
  /** Employee's link (for copying), present while the employee can still sign. */
  signLink: string | null;
  paperScan: boolean;
};
