import { z } from 'zod';
import { zDay, zPayrollMonth, zYear } from './fields.ts';

/** The working-day calendar. */

export const zCalendarList = z.object({ year: zYear });
export const zCalendarSave = z.object({
  year: zYear,
  days: z
    .array(
      z.object({
        date: zDay('日期'),
        kind: z.union([z.literal(0), z.literal(1), z.literal(2)]).describe('日期类型'),
        name: z.string().trim().max(20).default('').describe('名称'),
      }),
    )
    .max(366)
    .describe('日期设置'),
});
export type CalendarSave = z.infer<typeof zCalendarSave>;
export const zCalendarWorkingDays = z.object({ month: zPayrollMonth });

export type CalendarDayView = {
  date: string;
  /** 1 休息, 2 调休上班. */
  kind: 1 | 2;
  name: string;
  origin: 'builtin' | 'company';
};
export type CalendarView = {
  year: number;
  /** The official notice the built-in days come from; null when the year has none built in. */
  source: string | null;
  days: CalendarDayView[];
  /** Working days per month, January first. */
  workingDays: number[];
};
