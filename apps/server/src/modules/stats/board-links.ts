import { EMPLOYEE_STATUS, findRoute, type BoardLink } from '@wfsaas/contracts';

/** The lists the board opens: their paths from the route table, and the query each count adds. */

function pathOf(name: string): string {
  const route = findRoute(name);
  if (!route) throw new Error(`no route ${name}`);
  return route.path;
}

export const STAFF_ROLL_PATH = pathOf('staffRoll');
export const INDUCTION_PATH = pathOf('selfOnboardingList');
export const CONVERSION_PATH = pathOf('conversion');
export const RENEWAL_PATH = pathOf('renewal');
export const SIGN_CONTRACT_PATH = pathOf('signContract');
export const PAYSLIP_PATH = pathOf('payslipManagement');
export const APPLY_MONTH_PATH = pathOf('applyMonth');
export const INSURED_PATH = pathOf('insuranceInformation');
export const DECLARATION_PATH = pathOf('declarationRecords');

/** 在职: on the roster and hired (试用期, 正式, 待离职) — the employees the structure and the contract risk are about. */
export const ON_ROSTER: number[] = [EMPLOYEE_STATUS.probation, EMPLOYEE_STATUS.regular, EMPLOYEE_STATUS.leaving];

export const link = (path: string, query: Record<string, string | number | undefined> = {}): BoardLink => ({
  path,
  query: Object.fromEntries(Object.entries(query).filter((e): e is [string, string | number] => e[1] !== undefined).map(([k, v]) => [k, String(v)])),
});
