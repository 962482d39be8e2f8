import { z } from 'zod';
import { zId } from '../auth.ts';
import { zDay, zMoney, zRate } from './fields.ts';

/** City social-insurance and housing-fund policies. */

export const zContributionItem = z.object({
  key: z.enum(['pension', 'medical', 'unemployment', 'injury', 'maternity', 'housingFund']).describe('险种'),
  name: z.string().trim().min(1).max(30).describe('险种名称'),
  baseFloor: zMoney('缴费基数下限'),
  baseCeiling: zMoney('缴费基数上限'),
  employerRate: zRate('单位缴费比例'),
  employeeRate: zRate('个人缴费比例'),
  rateRange: z.object({ min: zRate('最低比例'), max: zRate('最高比例') }).optional().describe('比例范围'),
  employerFixed: zMoney('单位固定缴费额').optional(),
  employeeFixed: zMoney('个人固定缴费额').optional(),
  rounding: z
    .object({ places: z.union([z.literal(0), z.literal(1), z.literal(2)]).describe('保留位数'), mode: z.enum(['halfUp', 'up', 'down']).describe('舍入方式') })
    .describe('舍入规则'),
  source: z.string().trim().max(200).default('').describe('政策来源'),
  verified: z.boolean().default(false).describe('已核对'),
  note: z.string().trim().max(300).optional().describe('说明'),
});

/**
 * Save a policy of the company: `id` absent creates (a new city, or the company's copy of a
 * built-in policy — it then replaces the built-in one with the same city and effective date).
 */
export const zPolicySave = z.object({
  id: zId('社保政策').optional(),
  city: z.string().trim().min(1).max(20).describe('城市'),
  effectiveFrom: zDay('生效日期'),
  effectiveTo: zDay('失效日期').nullable().default(null),
  source: z.string().trim().max(300).default('').describe('政策来源'),
  items: z.array(zContributionItem).min(1).max(6).describe('险种'),
});
export type PolicySave = z.infer<typeof zPolicySave>;
export const zPolicyId = z.object({ id: zId('社保政策') });
export const zPolicyList = z.object({ city: z.string().trim().max(20).optional().describe('城市') });

export type ContributionItemView = z.infer<typeof zContributionItem>;
export type PolicyView = {
  /** null for a built-in policy (not yet copied by the company). */
  id: number | null;
  /** `${city}@${effectiveFrom}`: unique among the policies a company sees. */
  key: string;
  city: string;
  effectiveFrom: string;
  effectiveTo: string | null;
  source: string;
  verified: boolean;
  /** builtin: the product's published figures; company: the company's own or edited copy. */
  origin: 'builtin' | 'company';
  items: ContributionItemView[];
};
