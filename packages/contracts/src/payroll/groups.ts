import { z } from 'zod';
import { zId } from '../auth.ts';
import { zPaging } from '../paging.ts';
import { ITEM_CATEGORIES, MAX_FORMULA, MAX_GROUP_ITEMS, MAX_ITEM_NAME, PRORATION_BASES, SYSTEM_ITEMS, type ItemCategory, type SystemItemKey } from './codes.ts';
import { zGroupId, zMoney, zPayrollMonth, zRate } from './fields.ts';

/** Salary groups with their items and formulas. */

const SYSTEM_ITEM_KEYS = SYSTEM_ITEMS.map((s) => s.key) as [SystemItemKey, ...SystemItemKey[]];
const ITEM_CATEGORY_KEYS = ITEM_CATEGORIES.map((c) => c.key) as [ItemCategory, ...ItemCategory[]];

export const zPayrollGroupId = z.object({ id: zGroupId });

export const zSalaryItem = z.object({
  name: z
    .string()
    .trim()
    .min(1)
    .max(MAX_ITEM_NAME)
    .regex(/^[^【】]+$/, '不能包含【】')
    .describe('工资项名称'),
  type: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]).describe('工资项类型'),
  /** Formula items: Chinese item names in 【】, + − × ÷, comparisons, IF/ROUND/MAX/MIN/SUM/ABS/AND/OR/NOT. */
  formula: z.string().trim().max(MAX_FORMULA).optional().describe('计算公式'),
  systemKey: z.enum(SYSTEM_ITEM_KEYS).optional().describe('系统项'),
  decimals: z.number().int().min(0).max(4).default(2).describe('小数位数'),
  category: z.enum(ITEM_CATEGORY_KEYS).default('other').describe('工资条分组'),
  showOnPayslip: z.boolean().default(true).describe('显示在工资条'),
});
export type SalaryItem = z.infer<typeof zSalaryItem>;
export type SalaryItemInput = z.input<typeof zSalaryItem>;

export const zGroupSave = z.object({
  id: zGroupId.optional(),
  name: z.string().trim().min(1).max(40).describe('薪资组名称'),
  /** Members by rule: employees in these departments and/or of these employment types (each non-empty list must match). */
  departmentIds: z.array(zId('部门')).max(500).default([]).describe('适用部门'),
  employmentTypes: z.array(z.number().int().min(1).max(6)).max(6).default([]).describe('用工类型'),
  includeEmployeeIds: z.array(zId('员工')).max(20_000).default([]).describe('手动添加人员'),
  excludeEmployeeIds: z.array(zId('员工')).max(20_000).default([]).describe('手动移除人员'),
  items: z.array(zSalaryItem).min(1).max(MAX_GROUP_ITEMS).describe('工资项'),
  /** The item whose value is 本期收入 (taxable income, 应发). Must not depend on the tax. */
  grossItem: z.string().trim().min(1).max(MAX_ITEM_NAME).describe('应发工资项'),
  /** The item whose value is paid (实发). */
  netItem: z.string().trim().min(1).max(MAX_ITEM_NAME).describe('实发工资项'),
  taxRule: z.union([z.literal(0), z.literal(1), z.literal(2)]).default(1).describe('计税规则'),
  /** City of the social-insurance policy; null: no contributions. */
  siCity: z.string().trim().min(1).max(20).nullable().default(null).describe('社保城市'),
  /**
   * salary: the salary as the base; fixed: siBaseAmount; floor: the policy's floor — all under siCity.
   * insured (按参保信息): each member's insurance covering the month (their entity's city, rates and
   * bases); siCity is not used, and a member not insured that month pays nothing.
   */
  siBaseRule: z.enum(['salary', 'fixed', 'floor', 'insured']).default('salary').describe('缴费基数规则'),
  siBaseAmount: zMoney('固定缴费基数').optional(),
  /** Housing-fund rate for both sides (within the policy's range), e.g. '0.07'; default the policy's. */
  hfRate: zRate('公积金缴存比例').optional(),
  payDay: z.number().int().min(1).max(31).default(10).describe('发薪日'),
  /** Fixed pay of a mid-month join, leave or pay change: by working days (the calendar data) or calendar days. */
  prorationBasis: z.enum(PRORATION_BASES.map((b) => b.key) as ['workdays', 'calendar']).default('workdays').describe('折算方式'),
});
export type GroupSave = z.infer<typeof zGroupSave>;
export type GroupSaveInput = z.input<typeof zGroupSave>;
export const zGroupMembers = z.object({ id: zGroupId, month: zPayrollMonth.optional(), ...zPaging });

export type GroupView = Omit<GroupSave, 'id'> & {
  id: number;
  memberCount: number;
  createdAt: string;
  updatedAt: string;
};
export type GroupListItem = {
  id: number;
  name: string;
  memberCount: number;
  itemCount: number;
  taxRule: number;
  siCity: string | null;
  siBaseRule: 'salary' | 'fixed' | 'floor' | 'insured';
  payDay: number;
  updatedAt: string;
};
export type GroupMemberView = {
  employeeId: number;
  name: string;
  employeeNo: string | null;
  departmentName: string | null;
  employmentType: number | null;
  /** rule: matched by departments/types; manual: added by hand. */
  via: 'rule' | 'manual';
};
