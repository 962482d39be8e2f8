import { z } from 'zod';
import { EMPLOYEE_STATUSES } from './employee-codes.ts';
import { MAX_PAGE_SIZE } from './envelope.ts';

const STATUS_VALUES = EMPLOYEE_STATUSES.map((s) => s.value) as [number, ...number[]];

/** companyEmployee/groupPageList: `groupCompanyId` narrows to one company (the common body field companyId is the caller's current company). */
export const zGroupPageList = z
  .object({
    pageNum: z.coerce.number().int().min(1).max(1_000_000).default(1).describe('页码'),
    pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(10).describe('每页条数'),
    keyword: z.string().trim().max(50).optional().describe('姓名或工号'),
    groupCompanyId: z.coerce.number().int().positive().optional().describe('公司'),
    status: z.array(z.literal(STATUS_VALUES)).max(5).optional().describe('员工状态'),
  })
  .prefault({});
