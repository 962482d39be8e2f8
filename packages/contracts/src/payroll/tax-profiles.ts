import { z } from 'zod';
import { zId } from '../auth.ts';
import type { DeductionKind } from './codes.ts';
import { zMoney, zYear } from './fields.ts';

/** Per employee per year tax data. */

export const zTaxProfileList = z.object({ year: zYear, employeeIds: z.array(zId('员工')).max(1000).optional().describe('员工') });
export const zTaxProfileSave = z.object({
  employeeId: zId('员工'),
  year: zYear,
  /** 年度首次取得工资薪金 (国家税务总局公告2020年第13号). */
  firstJobOfYear: z.boolean().default(false).describe('年度首次取得工资薪金'),
  /** 上年各月均在本单位预扣且全年收入不超过6万元 (国家税务总局公告2020年第19号). */
  previousYearLowIncome: z.boolean().default(false).describe('上年收入不超过6万元'),
  /** Monthly amounts per kind; absent = 0. */
  deductions: z
    .object({
      childEducation: zMoney('子女教育').optional(),
      continuingEducation: zMoney('继续教育').optional(),
      housingLoanInterest: zMoney('住房贷款利息').optional(),
      housingRent: zMoney('住房租金').optional(),
      elderlySupport: zMoney('赡养老人').optional(),
      infantCare: zMoney('3岁以下婴幼儿照护').optional(),
      personalPension: zMoney('个人养老金').optional(),
    })
    .default({})
    .describe('每月扣除'),
});
export type TaxProfileSave = z.infer<typeof zTaxProfileSave>;
export type TaxProfileView = {
  employeeId: number;
  name: string;
  year: number;
  firstJobOfYear: boolean;
  previousYearLowIncome: boolean;
  deductions: Partial<Record<DeductionKind, string>>;
};
