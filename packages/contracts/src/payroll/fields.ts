import { z } from 'zod';
import { zId } from '../auth.ts';

/** Fields several payroll requests share (not part of the package's exports). */

export const zPayrollMonth = z
  .string()
  .trim()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, '格式应为 YYYY-MM')
  .describe('算薪月份');
export const zDay = (label: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, '格式应为 YYYY-MM-DD')
    .describe(label);
export const zMoney = (label: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{1,12}(\.\d{1,2})?$/, '应为不小于0的金额，最多两位小数')
    .describe(label);
export const zRate = (label: string) =>
  z
    .string()
    .trim()
    .regex(/^(0(\.\d{1,6})?|1(\.0{1,6})?)$/, '应为0到1之间的小数，如0.16表示16%')
    .describe(label);
export const zYear = z.number().int().min(2000).max(2100).describe('年度');
export const zRunId = zId('薪资批次');
export const zGroupId = zId('薪资组');
