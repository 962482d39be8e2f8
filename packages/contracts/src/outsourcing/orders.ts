import { z } from 'zod';
import { zPaging } from '../paging.ts';
import { zDay, zMoney } from '../payroll/fields.ts';
import { DISMISS_OUTCOMES, type DismissOutcome, type PostKind } from './codes.ts';
import { zClientId, zOrderId, zDismissId, zPlacementId, zOsEnum, zOsText } from './model.ts';
import type { PlacementRow } from './placements.ts';

/** Fill-post (补岗单) and dismiss (退工单) orders (docs/outsourcing.md). */

// ── 补岗单 ──
export const zOrderSave = z.object({
  id: zOrderId.optional(),
  clientId: zClientId,
  post: z.string().trim().min(1).max(40).describe('岗位'),
  headcount: z.number().int().min(1).max(10_000).describe('需求人数'),
  pay: zMoney('薪资标准（元/月）'),
  startDate: zDay('期望到岗日期'),
  requirements: zOsText('岗位要求', 1000),
});
export type OrderSave = z.infer<typeof zOrderSave>;
export const zOrderPage = z.object({
  ...zPaging,
  clientId: zClientId.optional(),
  status: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(5)]).optional().describe('工单状态'),
  keyword: z.string().trim().max(50).optional().describe('工单编号或岗位'),
});
export const zOrderIdBody = z.object({ id: zOrderId });
export const zOrderCancel = z.object({ id: zOrderId, reason: z.string().trim().min(1, '请填写取消原因').max(200).describe('取消原因') });
export type OrderRow = {
  id: number;
  orderNo: string;
  clientId: number;
  clientName: string;
  post: string;
  postKind: PostKind | null;
  headcount: number;
  /** Workers onboarded against the order: placements active, leaving or left. */
  filled: number;
  pay: string;
  startDate: string;
  status: 1 | 2 | 3 | 4 | 5;
  approval: 0 | 1 | 2 | 3;
  raisedBy: 'provider' | 'client';
  createdAt: string;
};
export type OrderDetail = OrderRow & {
  requirements: string;
  cancelReason: string | null;
  placements: PlacementRow[];
  history: { at: string; by: string; action: string }[];
};

// ── 退工单 ──
export const zDismissSave = z.object({
  clientId: zClientId,
  placementIds: z.array(zPlacementId).min(1, '请选择退回的人员').max(500).describe('退回人员'),
  reason: z.string().trim().min(1).max(200).describe('退工原因'),
  lastDay: zDay('最后工作日'),
});
export type DismissSave = z.infer<typeof zDismissSave>;
export const zDismissPage = z.object({
  ...zPaging,
  clientId: zClientId.optional(),
  status: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]).optional().describe('工单状态'),
  keyword: z.string().trim().max(50).optional().describe('工单编号或姓名'),
});
export const zDismissIdBody = z.object({ id: zDismissId });
export const zDismissCancel = z.object({ id: zDismissId, reason: z.string().trim().min(1, '请填写取消原因').max(200).describe('取消原因') });
export const zDismissHandle = z.object({
  id: zDismissId,
  placementId: zPlacementId,
  outcome: zOsEnum(DISMISS_OUTCOMES, '处理方式'),
  /** replace: the new placement. */
  clientId: zClientId.optional(),
  orderId: zOrderId.optional(),
  post: z.string().trim().max(40).optional().describe('岗位'),
  startDate: zDay('到岗日期').optional(),
  /** resign: the resignation's reason (the last day is the dismissal's). */
  remark: zOsText('备注', 200),
});
export type DismissHandle = z.infer<typeof zDismissHandle>;
export type DismissRow = {
  id: number;
  orderNo: string;
  clientId: number;
  clientName: string;
  reason: string;
  lastDay: string;
  workerCount: number;
  handledCount: number;
  names: string[];
  status: 1 | 2 | 3 | 4;
  approval: 0 | 1 | 2 | 3;
  raisedBy: 'provider' | 'client';
  createdAt: string;
};
export type DismissLineView = {
  placementId: number;
  employeeId: number;
  name: string;
  employeeNo: string | null;
  post: string;
  outcome: DismissOutcome | null;
  /** The new client, when re-placed. */
  outcomeText: string | null;
  handledAt: string | null;
};
export type DismissDetail = DismissRow & { cancelReason: string | null; lines: DismissLineView[] };
