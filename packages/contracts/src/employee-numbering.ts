import { z } from 'zod';

/** Employee numbering (工号规则): a prefix and a zero-padded sequence. */

export const MAX_EMPLOYEE_NO_PREFIX = 10;
export const MAX_EMPLOYEE_NO_DIGITS = 10;

/**
 * A company's automatic employee numbers: prefix + a sequence zero-padded to `digits` (YF + 4 →
 * YF0001). Off: HR types every number. On: a new record left without a number gets the next free one.
 */
export const zEmployeeNoRule = z.object({
  enabled: z.boolean().describe('自动生成工号'),
  prefix: z
    .string()
    .trim()
    .max(MAX_EMPLOYEE_NO_PREFIX)
    .regex(/^[A-Za-z0-9_-]*$/, '只能包含字母、数字、下划线和短横线')
    .default('')
    .describe('工号前缀'),
  digits: z.coerce.number().int().min(1).max(MAX_EMPLOYEE_NO_DIGITS).default(4).describe('流水号位数'),
});
export type EmployeeNoRule = z.infer<typeof zEmployeeNoRule>;
/** The rule with the number a new record would get now (null when the rule is off). */
export type EmployeeNoRuleView = EmployeeNoRule & { nextNo: string | null; updatedAt: string | null };

/** The number of a sequence under a rule: YF + 4 digits, 12 → YF0012 (longer when the sequence outgrows the digits). */
export function formatEmployeeNo(rule: Pick<EmployeeNoRule, 'prefix' | 'digits'>, seq: number): string {
  return `${rule.prefix}${String(seq).padStart(rule.digits, '0')}`;
}

/** The sequence an employee number stands for under a rule, or null when it is not one of the rule's numbers. */
export function employeeNoSequence(rule: Pick<EmployeeNoRule, 'prefix' | 'digits'>, employeeNo: string): number | null {
  if (!employeeNo.startsWith(rule.prefix)) return null;
  const rest = employeeNo.slice(rule.prefix.length);
  if (!/^\d+$/.test(rest) || rest.length < rule.digits || (rest.length > rule.digits && rest.startsWith('0'))) return null;
  const seq = Number(rest);
  return Number.isSafeInteger(seq) && seq > 0 ? seq : null;
}
