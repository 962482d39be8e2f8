import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../platform/services.ts';
import { registerAuthRoutes } from './auth/auth.routes.ts';
import { registerCompanyRoutes } from './company/company.routes.ts';
import { registerEmployeeImportRoutes } from './employee-import/employee-import.routes.ts';
import { registerEcontractRoutes } from './econtracts/econtracts.routes.ts';
import { registerEsignRoutes } from './esign/esign.routes.ts';
import { registerEmployeeRoutes } from './employees/employees.routes.ts';
import { registerAllFileAccessRules } from './file-access.ts';
import { registerAllJobHandlers } from './jobs-registry.ts';
import { registerFilesRoutes } from './files/files.routes.ts';
import { registerGroupArchiveRoutes } from './group-archive/group-archive.routes.ts';
import { registerHealthRoutes } from './health/health.routes.ts';
import { registerLifecycleRoutes } from './lifecycle/lifecycle.routes.ts';
import { registerLinkRoutes } from './links/links.routes.ts';
import { registerMessageRoutes } from './messages/messages.routes.ts';
import { registerOrgRoutes } from './org/org.routes.ts';
import { registerPayrollRoutes } from './payroll/payroll.routes.ts';
import { registerPayslipRoutes } from './payslips/payslips.routes.ts';
import { registerReminderRoutes } from './reminders/reminders.routes.ts';
import { registerSelfOnboardingRoutes } from './self-onboarding/self-onboarding.routes.ts';
import { registerSystemRoutes } from './system/index.ts';

/** Every domain module registers its routes here; every app also knows every job type, so an in-process runner can run them. */
export async function registerModules(app: FastifyInstance, s: AppServices): Promise<void> {
  registerAllFileAccessRules();
  registerAllJobHandlers();
  registerHealthRoutes(app, s);
  registerAuthRoutes(app, s);
  registerCompanyRoutes(app, s);
  registerSystemRoutes(app, s);
  registerFilesRoutes(app, s);
  registerMessageRoutes(app, s);
  registerOrgRoutes(app, s);
  registerEmployeeRoutes(app, s);
  registerGroupArchiveRoutes(app, s);
  registerEmployeeImportRoutes(app, s);
  registerReminderRoutes(app, s);
  registerEsignRoutes(app, s);
  registerEcontractRoutes(app, s);
  registerLifecycleRoutes(app, s);
  registerPayslipRoutes(app, s);
  registerPayrollRoutes(app, s);
  registerSelfOnboardingRoutes(app, s);
  registerLinkRoutes(app, s);
}
