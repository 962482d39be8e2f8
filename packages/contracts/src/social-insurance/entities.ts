import { z } from 'zod';
import { zId } from '../auth.ts';
import { zRate } from '../payroll/fields.ts';
import { PORTAL_FIELDS, type PortalColumn } from './codes.ts';

/** 参保主体: a company's social-insurance and housing-fund account in a city. */

export const zEntityId = zId('参保主体');

export const zEntitySave = z.object({
  id: zEntityId.optional(),
  name: z.string().trim().min(1).max(60).describe('主体名称'),
  /** The city of its policy (payroll's city policies: built-in or the company's own). */
  city: z.string().trim().min(1).max(20).describe('参保城市'),
  siAccountNo: z.string().trim().max(40).default('').describe('社保登记号'),
  hfAccountNo: z.string().trim().max(40).default('').describe('公积金账号'),
  /** The company's assessed work-injury rate (by industry class); absent: the policy's. */
  injuryRate: zRate('工伤保险费率').nullable().default(null),
  /** The housing-fund rate new members get, within the policy's range (5%–12%). */
  hfRate: zRate('公积金缴存比例').nullable().default(null),
  /** Day of the month declarations for that month are due (1–28). */
  deadlineDay: z.number().int().min(1).max(28).describe('每月申报截止日'),
  /** Joining after this day of the month is insured from the next month; null: the join month counts. */
  joinCutoffDay: z.number().int().min(1).max(31).nullable().default(null).describe('当月参保截止日'),
  managedBy: z.enum(['self', 'agency']).default('self').describe('办理方式'),
  agencyName: z.string().trim().max(60).default('').describe('代理机构'),
  /** Work locations (employee 工作地点) whose employees this entity insures; empty: its city. */
  locations: z.array(z.string().trim().min(1).max(20)).max(50).default([]).describe('覆盖工作地点'),
  /** Employees with no matching location are insured here. At most one entity is the default. */
  isDefault: z.boolean().default(false).describe('默认参保主体'),
  /** A pay change proposes 调基 (most cities change bases once a year only). */
  baseFollowsPay: z.boolean().default(false).describe('调薪时调整基数'),
});
export type EntitySave = z.infer<typeof zEntitySave>;
export const zEntityIdBody = z.object({ id: zEntityId });

export type EntityView = {
  id: number;
  name: string;
  city: string;
  siAccountNo: string;
  hfAccountNo: string;
  injuryRate: string | null;
  hfRate: string | null;
  deadlineDay: number;
  joinCutoffDay: number | null;
  managedBy: 'self' | 'agency';
  agencyName: string;
  locations: string[];
  isDefault: boolean;
  baseFollowsPay: boolean;
  /** Employees whose insurance is at this entity (every status but 停保). */
  insuredCount: number;
  /** The policy in force this month, or why there is none. */
  policy: { key: string; effectiveFrom: string; siFloor: string; siCeiling: string; hfFloor: string | null; hfCeiling: string | null; hfRateRange: { min: string; max: string } | null } | null;
  policyError: string | null;
};

const fieldValues = PORTAL_FIELDS.map((f) => f.value) as [PortalColumn['field'], ...PortalColumn['field'][]];
export const zLayoutSave = z.object({
  city: z.string().trim().min(1).max(20).describe('城市'),
  sheetName: z.string().trim().min(1).max(31).describe('工作表名称'),
  columns: z
    .array(z.object({ title: z.string().trim().min(1).max(30).describe('列标题'), field: z.enum(fieldValues).describe('取值字段') }))
    .min(1)
    .max(40)
    .describe('列'),
});
export type LayoutSave = z.infer<typeof zLayoutSave>;
export const zLayoutCity = z.object({ city: z.string().trim().min(1).max(20).describe('城市') });
export type LayoutView = { city: string; sheetName: string; columns: PortalColumn[]; origin: 'builtin' | 'company' | 'generic' };
