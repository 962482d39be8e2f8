import { z } from 'zod';
import { zPaging } from '../paging.ts';
import { zEntityId } from './entities.ts';
import { zSiMonth } from './insured.ts';

/** 缴费记录: contributions per month, person and item; reconciliation with the official bill. */

export const zRecordGenerate = z.object({ month: zSiMonth, entityId: zEntityId.optional() });
export const zRecordPage = z.object({
  ...zPaging,
  month: zSiMonth,
  entityId: zEntityId.optional(),
  keyword: z.string().trim().max(50).optional().describe('姓名或工号'),
});
export const zRecordSummary = z.object({ month: zSiMonth });
export const zRecordExport = z.object({ month: zSiMonth, entityId: zEntityId.optional() });
export const zReconcileQuery = z.object({ month: zSiMonth, entityId: zEntityId });

export type RecordItemView = { key: string; name: string; base: string; employer: string; employee: string };
export type RecordRowView = {
  employeeId: number;
  name: string;
  employeeNo: string | null;
  entityId: number;
  entityName: string;
  month: string;
  items: RecordItemView[];
  employer: string;
  employee: string;
  total: string;
};
export type RecordSummaryView = {
  month: string;
  generatedAt: string | null;
  entities: { entityId: number; entityName: string; city: string; headcount: number; employer: string; employee: string; total: string; reconciled: boolean | null; differences: number | null }[];
  total: { headcount: number; employer: string; employee: string; total: string };
};
export type ReconcileDifference = {
  employeeId: number | null;
  name: string;
  item: string;
  ours: { employer: string; employee: string } | null;
  bill: { employer: string; employee: string } | null;
  message: string;
};
export type ReconcileView = { entityId: number; month: string; at: string; billRows: number; matched: number; differences: ReconcileDifference[] };
