import { PAYSLIP_MANAGE } from '@wfsaas/contracts';
import { readerHolds, type FileAccessRule } from '../../platform/files/index.ts';

/** A batch's uploaded sheet and an employee's handwritten signature: as the batch detail (工资条管理) shows them. */
export const payslipFileRule: FileAccessRule = {
  audited: true,
  allows: (r) => readerHolds(r, PAYSLIP_MANAGE),
};
