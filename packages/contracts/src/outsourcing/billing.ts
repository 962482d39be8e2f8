import { z } from 'zod';
import { zId } from '../auth.ts';
import { zPaging } from '../paging.ts';
import { CUSTODY_FIELDS, type CustodyField } from './codes.ts';
import { zClientId, zBillId, zOsMonth, zOsEnum, zOsText } from './model.ts';
import { zDismissSave, zOrderSave, type DismissRow, type OrderRow } from './orders.ts';
/** Monthly client bills (客户月度账单) and joint custody (共管) (docs/outsourcing.md). */

// ── 客户月度账单 ──
export const zBillGenerate = z.object({ month: zOsMonth, clientId: zClientId.optional() });
export const zBillPage = z.object({
  ...zPaging,
  month: zOsMonth.optional(),
  clientId: zClientId.optional(),
  status: z.number().int().min(1).max(12).optional().describe('账单状态'),
});
export const zBillIdBody = z.object({ billId: zBillId });
export type BillAmounts = { wages: string; siEmployer: string; hfEmployer: string; serviceFee: string; vat: string; total: string };
export type BillRow = BillAmounts & {
  id: number;
  billNo: string;
  billType: 1 | 5;
  clientId: number;
  clientName: string;
  month: string;
  status: number;
  workerCount: number;
  generatedAt: string;
  confirmedAt: string | null;
  confirmedBy: string | null;
  paidAt: string | null;
};
export type BillLineView = BillAmounts & { employeeId: number; name: string; employeeNo: string | null; post: string; days: number | null; note: string | null };
export type BillDetail = BillRow & {
  planName: string;
  feeText: string;
  vatText: string;
  lines: BillLineView[];
  /** Placed workers with no payroll result in the month, left off the bill. */
  missing: { employeeId: number; name: string }[];
};
/** A bill as the client sees it under joint custody: each line's wages only when the provider shows pay (else null); totals always. */
export type CustodyBillDetail = Omit<BillDetail, 'lines'> & { lines: (Omit<BillLineView, 'wages'> & { wages: string | null })[] };
export type BillGenerateResult = { month: string; generated: number; skipped: { clientName: string; reason: string }[] };

// ── 共管 ──
export const zCustodySave = z.object({
  clientId: zClientId,
  enabled: z.boolean().describe('开启共管'),
  fields: z.array(zOsEnum(CUSTODY_FIELDS, '可见字段')).max(CUSTODY_FIELDS.length).default([]),
  payVisible: z.boolean().default(false).describe('可见薪资'),
  approveOrders: z.boolean().default(false).describe('补岗单需用工单位审批'),
  approveDismissals: z.boolean().default(false).describe('退工单需用工单位审批'),
  confirmBills: z.boolean().default(true).describe('账单需用工单位确认'),
});
export type CustodySave = z.infer<typeof zCustodySave>;
export type CustodyConfigView = {
  clientId: number;
  clientName: string;
  creditCode: string;
  /** The client's company on the platform; custody needs one. */
  linkedCompanyId: number | null;
  linkedCompanyName: string | null;
  enabled: boolean;
  fields: CustodyField[];
  payVisible: boolean;
  approveOrders: boolean;
  approveDismissals: boolean;
  confirmBills: boolean;
};
/** Client-side requests name the provider company; the server checks the link. */
export const zCustodyScope = z.object({ providerId: zId('外包服务商') });
export const zCustodyWorkers = z.object({ ...zPaging, providerId: zId('外包服务商'), keyword: z.string().trim().max(50).optional().describe('姓名') });
export const zCustodyOrderSave = z.object({ providerId: zId('外包服务商'), ...zOrderSave.omit({ id: true, clientId: true }).shape });
export const zCustodyDismissSave = z.object({ providerId: zId('外包服务商'), ...zDismissSave.omit({ clientId: true }).shape });
export const zCustodyApprove = z.object({
  providerId: zId('外包服务商'),
  target: z.enum(['order', 'dismiss']).describe('审批对象'),
  id: zId('工单'),
  approve: z.boolean().describe('审批结果'),
  remark: zOsText('审批意见', 200),
});
export const zCustodyBill = z.object({ providerId: zId('外包服务商'), billId: zBillId });
/** A client's work orders under joint custody. */
export type CustodyOrdersView = { orders: OrderRow[]; dismissals: DismissRow[] };
export type CustodyProviderView = {
  providerId: number;
  providerName: string;
  clientId: number;
  clientName: string;
  kind: 1 | 2 | 3;
  fields: CustodyField[];
  payVisible: boolean;
  approveOrders: boolean;
  approveDismissals: boolean;
  confirmBills: boolean;
  placed: number;
  waitingApprovals: number;
  billsToConfirm: number;
};
/** A worker as a client sees it: only the fields the provider shares. */
export type CustodyWorkerRow = {
  placementId: number;
  name: string;
  post: string;
  status: 1 | 2 | 3 | 4 | 5;
  employeeNo?: string | null;
  mobile?: string | null;
  idNumber?: string | null;
  gender?: string | null;
  startDate?: string;
  contract?: string | null;
  /** Only with payVisible: the last bill's wages of the worker. */
  pay?: string | null;
};
