import { registerFileAccess, type FileAccessRule, type FileOwner } from '../platform/files/index.ts';
import { contractFileRule, contractTemplateFileRule } from './econtracts/index.ts';
import { licenceFileRule } from './enterprise/index.ts';
import { importFileRule } from './employee-import/index.ts';
import { employeeFileRule } from './employees/index.ts';
import { sealFileRule } from './esign/index.ts';
import { exportFileRule } from './files/index.ts';
import { payslipFileRule } from './payslips/index.ts';
import { onboardingPhotoFileRule } from './self-onboarding/index.ts';
import { billProofFileRule, depositProofFileRule, invoiceFileRule } from './trade/index.ts';
import { workOrderFileRule } from './support/index.ts';

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
  invoice: invoiceFileRule,
  deposit_proof: depositProofFileRule,
  company_licence: licenceFileRule,
  platform_bill_proof: billProofFileRule,
  work_order: workOrderFileRule,
};

export function registerAllFileAccessRules(): void {
  for (const [kind, rule] of Object.entries(RULES)) registerFileAccess(kind as FileOwner['kind'], rule);
}
