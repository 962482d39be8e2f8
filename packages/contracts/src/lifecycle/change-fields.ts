import { z } from 'zod';
import { MAX_CHANGE_REMARK } from './changes.ts';

/** Fields several change requests share (not part of the package's exports). */

export const zFormValues = z.record(z.string(), z.unknown()).optional().describe('异动表单');

export const zRemark = z.string().trim().max(MAX_CHANGE_REMARK).optional().describe('备注');
