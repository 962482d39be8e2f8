import { z } from 'zod';
import { zId } from './auth.ts';
import { MAX_PAGE_SIZE } from './envelope.ts';

/** In-app messages (messageNotice). */

const zMessageIdItem = z.number().int().positive().max(Number.MAX_SAFE_INTEGER).describe('消息');

export const zMessagePage = z
  .object({
    pageNum: z.coerce.number().int().min(1).max(1_000_000).default(1).describe('页码'),
    pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(10).describe('每页条数'),
    readStatus: z.literal([0, 1]).nullish().describe('阅读状态'),
    type: z.number().int().min(1).max(99).nullish().describe('消息类型'),
  })
  .prefault({});
export const zMessageId = z.object({ id: zId('消息') });
export const zMessageIds = z.object({ ids: z.array(zMessageIdItem).min(1).max(500).describe('消息') });
