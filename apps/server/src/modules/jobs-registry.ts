import { registerEcontractJobHandlers } from './econtracts/index.ts';
import { registerEmployeeImportJobHandlers } from './employee-import/index.ts';
import { registerAssetJobHandlers } from './enterprise/index.ts';
import { registerRetentionJobs } from './implement/index.ts';
import { registerEmployeeJobHandlers } from './employees/index.ts';
import { registerFilesJobHandlers } from './files/index.ts';
import { registerLifecycleJobHandlers } from './lifecycle/index.ts';
import { registerOutsourcingJobHandlers } from './outsourcing/index.ts';
import { registerPayrollJobHandlers } from './payroll/index.ts';
import { registerPayslipJobHandlers } from './payslips/index.ts';
import { registerReminderJobHandlers } from './reminders/index.ts';
import { registerSocialInsuranceJobHandlers } from './social-insurance/index.ts';
import { registerTradeJobHandlers } from './trade/index.ts';

/**
 * Registers every module's job handlers, and the hooks a job's work may run (a paid bill's handler);
 * the API process (in-process runner) and `npm run worker` both call it.
 */
export function registerAllJobHandlers(): void {
  registerFilesJobHandlers();
  registerEmployeeJobHandlers();
  registerEmployeeImportJobHandlers();
  registerReminderJobHandlers();
  registerLifecycleJobHandlers();
  registerPayslipJobHandlers();
  registerEcontractJobHandlers();
  registerPayrollJobHandlers();
  registerSocialInsuranceJobHandlers();
  registerOutsourcingJobHandlers();
  registerAssetJobHandlers();
  registerRetentionJobs();
  // with trade's jobs, what a paid bill starts (a subscription, a payout), which jobs also run
  registerTradeJobHandlers();
}
