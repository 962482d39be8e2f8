import { registerFileAccess, type FileAccessRule, type FileOwner } from '../platform/files/index.ts';
import { contractFileRule, contractTemplateFileRule } from './econtracts/econtract-files.ts';
import { importFileRule } from './employee-import/import-files.ts';
import { employeeFileRule } from './employees/employee-files.ts';
import { sealFileRule } from './esign/seals.service.ts';
import { exportFileRule } from './files/export-files.ts';
import { payslipFileRule } from './payslips/payslip-files.ts';
import { onboardingPhotoFileRule } from './self-onboarding/self-onboarding.service.ts';

/** Who may download each kind of stored file, in one place (docs/security.md); a new kind must be listed. */
const RULES: Record<FileOwner['kind'], FileAccessRule> = {
  export: exportFileRule,
  employee: employeeFileRule,
  seal: sealFileRule,
  contract: contractFileRule,
  contract_template: contractTemplateFileRule,
  employee_import: importFileRule,
  payslip_sheet: payslipFileRule,
  payslip_signature: payslipFileRule,
  onboarding_photo: onboardingPhotoFileRule,
};

export function registerAllFileAccessRules(): void {
  for (const [kind, rule] of Object.entries(RULES)) registerFileAccess(kind as FileOwner['kind'], rule);
}
