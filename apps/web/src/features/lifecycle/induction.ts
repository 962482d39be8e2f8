import type { InductionRow } from '@wfsaas/contracts';

/** Rules of the 入职 screen (pure, unit-tested). */

/**
 * The date 确认入职 proposes: the expected hire date the chosen hires share — today when it has not
 * come yet (a confirmed hire cannot be dated later than today). Hires expected on different days
 * get none: left empty, each is confirmed on its own expected date.
 */
export function confirmDefaultDate(rows: readonly Pick<InductionRow, 'hireDate'>[], today: string): string | null {
  const dates = new Set(rows.map((r) => r.hireDate));
  if (dates.size !== 1) return null;
  const [planned] = [...dates];
  return !planned || planned > today ? today : planned;
}

/** The line under the date: the expected dates of the chosen hires, and what an empty or earlier date means. */
export function confirmDateHint(rows: readonly Pick<InductionRow, 'hireDate'>[], proposed: string | null, today: string): string {
  const dates = [...new Set(rows.map((r) => r.hireDate).filter((d): d is string => !!d))].sort();
  const planned = dates.length === 0 ? '' : dates.length === 1 ? `预计入职日期 ${dates[0]}` : `预计入职日期 ${dates[0]} 至 ${dates.at(-1)}`;
  const ahead = dates.length === 1 && dates[0]! > today ? '，尚未到；提前到岗请选择实际入职日期（不能晚于今天）' : '';
  const rule = proposed === null ? '不填则按各自的预计入职日期确认；' : '';
  return `${planned ? `${planned}${ahead}。` : ''}${rule}有试用期结束日期的员工入职后为试用期，否则为正式。`;
}
