/**
 * Payslips (/gzt-vite, /wfsaas-payslip/api/*): a batch is one month's payslips made from an
 * uploaded payroll spreadsheet. HR imports it (header rows detected, identity columns detected and
 * correctable, each row matched to an employee), chooses which columns show in which group, and sends
 * it now or at a set time. Employees open their payslip on a phone page (/m/payslip/:token), prove who
 * they are, and confirm it or ask a question.
 */

export * from './payslips/codes.ts';
export * from './payslips/import.ts';
export * from './payslips/batches.ts';
export * from './payslips/templates.ts';
export * from './payslips/phone.ts';
