import { z } from 'zod';
import { zPaging } from './paging.ts';
import { RISK_KEYS } from './stats/board.ts';

/** Statistics: the service board and the employee-structure, risk, tax and insurance figures; the request schemas here, the rest in stats/board.ts. */
export * from './stats/board.ts';

export const zEmploymentRisk = z.object({
  ...zPaging,
  riskKey: z.enum(RISK_KEYS).describe('风险类型'),
});
export type EmploymentRiskQuery = z.infer<typeof zEmploymentRisk>;

export const zEmployeeStructure = z
  .object({
    /** 1: top-level departments; deeper levels group by the ancestor at that level. */
    departmentLevel: z.coerce.number().int().min(1).max(10).default(1).describe('部门层级'),
  })
  .prefault({});
export type EmployeeStructureQuery = z.infer<typeof zEmployeeStructure>;

export const zTaxDeclarationStat = z
  .object({
    /** The tax month (算薪月份); default: last month, declared this month. */
    month: z
      .string()
      .trim()
      .regex(/^\d{4}-(0[1-9]|1[0-2])$/, '格式应为 YYYY-MM')
      .optional()
      .describe('所属月份'),
  })
  .prefault({});

export const zInsuredStat = z
  .object({
    month: z
      .string()
      .trim()
      .regex(/^\d{4}-(0[1-9]|1[0-2])$/, '格式应为 YYYY-MM')
      .optional()
      .describe('月份'),
  })
  .prefault({});
