import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../platform/services.ts';
import { registerAuthRoutes } from './auth/index.ts';
import { registerCompanyRoutes } from './company/index.ts';
import { registerEmployeeImportRoutes } from './employee-import/index.ts';
import { registerEcontractRoutes } from './econtracts/index.ts';
import { registerEsignRoutes } from './esign/index.ts';
import { registerEmployeeRoutes } from './employees/index.ts';
import { registerAllFileAccessRules } from './file-access.ts';
import { registerAllJobHandlers } from './jobs-registry.ts';
import { registerFilesRoutes } from './files/index.ts';
import { registerGroupArchiveRoutes } from './group-archive/index.ts';
import { registerHealthRoutes } from './health/index.ts';
import { registerLifecycleRoutes } from './lifecycle/index.ts';
import { registerLinkRoutes } from './links/index.ts';
import { registerMessageRoutes } from './messages/index.ts';
import { registerOrgRoutes } from './org/index.ts';
import { registerPayrollRoutes } from './payroll/index.ts';
import { registerPayslipRoutes } from './payslips/index.ts';
import { registerReminderRoutes } from './reminders/index.ts';
import { registerSelfOnboardingRoutes } from './self-onboarding/index.ts';
import { registerSocialInsuranceRoutes } from './social-insurance/index.ts';
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
  registerSocialInsuranceRoutes(app, s);
  registerSelfOnboardingRoutes(app, s);
  registerLinkRoutes(app, s);
}
