/** Payslips. What other modules and the app's wiring may use of it. */
export { payslipFileRule } from './payslip-files.ts';
export { addPayslipBatch } from './payslip-import.service.ts';
export { registerPayslipJobHandlers } from './payslips.jobs.ts';
export { registerPayslipRoutes } from './payslips.routes.ts';
export { seedDemoPayslips } from './payslips.seed.ts';
export { recallBatch } from './payslips.service.ts';
export { pageBatches } from './payslips.service.ts';
