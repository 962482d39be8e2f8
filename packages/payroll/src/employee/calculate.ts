import { PayrollInputError } from '../errors.ts';
import type { ContributionCalculator } from './contributions.ts';
import { calculateEmployeeExact } from './exact-path.ts';
import { calculateEmployeeFast } from './fast-path.ts';
import { GroupConfigError, type CompiledGroup } from './group.ts';
import type { EmployeeCalcInput, EmployeeCalcResult } from './month.ts';

/**
 * The calculation of one employee-month under a salary group: input, fixed pay and system items, the
 * formulas that do not depend on the tax, social insurance and housing fund, the tax (cumulative
 * withholding for wages, per payment for labour remuneration), then the formulas after the tax.
 * The fast path answers where it can and the exact path otherwise; both give the same result.
 * Throws FormulaError / PayrollInputError / GroupConfigError with a Chinese message.
 */
export function calculateEmployee(group: CompiledGroup, contributions: ContributionCalculator, input: EmployeeCalcInput): EmployeeCalcResult {
  return calculateEmployeeFast(group, contributions, input) ?? calculateEmployeeExact(group, contributions, input);
}

/** A calculation error's Chinese message, to be recorded on the employee; null for any other error. */
export function calcErrorMessage(err: unknown): string | null {
  if (err instanceof GroupConfigError || err instanceof PayrollInputError) return err.message;
  return null;
}
