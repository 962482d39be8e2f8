import { z } from 'zod';
import { zId } from '../auth.ts';
import { COLUMN_GROUPS, IDENTITY_KINDS, PAYSLIP_CHANNELS, PAYSLIP_STAGES, type ColumnGroup, type IdentityKind, type PayslipChannel, type PayslipStage } from './codes.ts';

/** Fields several payslip requests share (not part of the package's exports). */

export const STAGE_KEYS = PAYSLIP_STAGES.map((s) => s.key) as [PayslipStage, ...PayslipStage[]];
export const COLUMN_GROUP_KEYS = COLUMN_GROUPS.map((g) => g.key) as [ColumnGroup, ...ColumnGroup[]];
export const IDENTITY_KEYS = IDENTITY_KINDS.map((k) => k.key) as [IdentityKind, ...IdentityKind[]];
export const CHANNEL_KEYS = PAYSLIP_CHANNELS.map((c) => c.key) as [PayslipChannel, ...PayslipChannel[]];

export const zMonth = z
  .string()
  .trim()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, '格式应为 YYYY-MM')
  .describe('工资月份');
export const zBatchId = zId('工资条批次');
