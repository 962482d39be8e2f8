import { z } from 'zod';
import { zId } from '../auth.ts';
import { zPaging } from '../paging.ts';
import { zMoney, zPayrollMonth, zRate } from '../payroll/fields.ts';
import { zEntityId } from './entities.ts';

/** 员工参保信息: each employee's insurance, its history and the warnings. */

export const zSiMonth = zPayrollMonth.describe('月份');

export const zInsuredPage = z.object({
  ...zPaging,
  entityId: zEntityId.optional(),
  status: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]).optional().describe('参保状态'),
  /** Insured in this month (start ≤ month ≤ end). */
  month: zSiMonth.optional(),
  keyword: z.string().trim().max(50).optional().describe('姓名或工号'),
});
export type InsuredPage = z.infer<typeof zInsuredPage>;

export type InsuredView = {
  employeeId: number;
  name: string;
  employeeNo: string | null;
  departmentName: string | null;
  idNumberMasked: string | null;
  employeeStatus: number;
  entityId: number;
  entityName: string;
  city: string;
  siBase: string;
  hfBase: string;
  hfRate: string;
  startMonth: string;
  endMonth: string | null;
  status: 1 | 2 | 3 | 4;
  updatedAt: string;
};

export const zInsuredEmployee = z.object({ employeeId: zId('员工') });

export type InsuredHistoryView = {
  id: number;
  at: string;
  action: string;
  /** What changed, as label → before → after. */
  changes: { label: string; before: string | null; after: string | null }[];
  by: string | null;
  applyId: number | null;
};

export const zInsuredRegister = z.object({
  employeeId: zId('员工'),
  entityId: zEntityId,
  siBase: zMoney('社保缴费基数'),
  hfBase: zMoney('公积金缴存基数'),
  hfRate: zRate('公积金缴存比例'),
  startMonth: zSiMonth.describe('参保起始月'),
});
export type InsuredRegister = z.infer<typeof zInsuredRegister>;

export type InsuredWarning = {
  kind: 'notInsured' | 'leftInsured';
  employeeId: number;
  name: string;
  employeeNo: string | null;
  /** 未参保: hire date; 离职仍在保: last working day. */
  date: string | null;
  entityName: string | null;
  message: string;
};

export type SiBoardView = { month: string; waiting: number; entities: { entityId: number; name: string; waiting: number }[] };
