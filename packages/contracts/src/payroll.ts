/**
 * Payroll (/fzsxapp salary calculation and /dfdbs payroll and tax): salary groups with their
 * items and formulas, city social-insurance policies, the working-day calendar, monthly runs
 * (import → check → calculate → review → lock → submit), payroll sheets, payment records, the bank
 * transfer file, the monthly individual income tax declaration and the push to payslips.
 *
 * Every endpoint is `POST ${PAYROLL_API}/<sub-path>` with a JSON body (the import is multipart);
 * amounts cross the API as decimal strings with two places.
 */

export * from './payroll/api.ts';
export * from './payroll/codes.ts';
export * from './payroll/policies.ts';
export * from './payroll/calendar.ts';
export * from './payroll/groups.ts';
export * from './payroll/tax-profiles.ts';
export * from './payroll/runs.ts';
export * from './payroll/sheets.ts';
