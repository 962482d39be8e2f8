import { z } from 'zod';
import { MAX_PAGE_SIZE } from './envelope.ts';

/**
 * The paging fields of a list request (page 1, 10 a page by default). Kept apart from
 * envelope.ts, which the web's request client loads before the first screen: building zod schemas
 * there would pull zod into the first download.
 */
export const zPaging = {
  pageNum: z.coerce.number().int().min(1).max(1_000_000).default(1).describe('页码'),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(10).describe('每页条数'),
};
