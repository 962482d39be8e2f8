/** Payroll: salary groups, runs and their calculation, shared data, sheets, payments and the tax declaration. What the app's wiring may use of it. */
export { registerPayrollJobHandlers } from './payroll.jobs.ts';
export { registerPayrollRoutes } from './payroll.routes.ts';
export { seedDemoGroupRun, seedDemoPayroll } from './payroll.seed.ts';
export { addGroupMembers, cityPolicies, policyForMonth } from './payroll-setup.service.ts';
export { listLockedRuns, runNetPay, type LockedRun, type RunNetPayLine } from './payroll-payout-source.ts';
export { listDeclarationsView } from './payroll-outputs.service.ts';
