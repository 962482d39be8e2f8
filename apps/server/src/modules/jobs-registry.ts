import { registerEcontractJobHandlers } from './econtracts/econtracts.jobs.ts';
import { registerEmployeeImportJobHandlers } from './employee-import/employee-import.jobs.ts';
import { registerEmployeeJobHandlers } from './employees/employees.jobs.ts';
import { registerFilesJobHandlers } from './files/files.jobs.ts';
import { registerLifecycleJobHandlers } from './lifecycle/lifecycle.jobs.ts';
import { registerPayrollJobHandlers } from './payroll/payroll.jobs.ts';
import { registerPayslipJobHandlers } from './payslips/payslips.jobs.ts';
import { registerReminderJobHandlers } from './reminders/reminders.jobs.ts';

/** Registers every module's job handlers; the API process (in-process runner) and `npm run worker` both call it. */
export function registerAllJobHandlers(): void {
  registerFilesJobHandlers();
  registerEmployeeJobHandlers();
  registerEmployeeImportJobHandlers();
  registerReminderJobHandlers();
  registerLifecycleJobHandlers();
  registerPayslipJobHandlers();
  registerEcontractJobHandlers();
  registerPayrollJobHandlers();
}
