import { z } from 'zod';
import { zId } from '../auth.ts';

/** Fields several contract requests share (not part of the package's exports). */

export const zDate = (label: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, '格式应为 YYYY-MM-DD')
    .describe(label);
export const zReason = (label: string) => z.string().trim().min(1).max(200).describe(label);
export const zContractIdField = zId('合同');
