import { readerHolds, type FileAccessRule } from '../../platform/files/index.ts';
import { employeeDepartmentScope, employeeInScope } from './employee-access.ts';

/** Photos and attachments of an employee's record: as the record itself (花名册, within the data scope). */
export const employeeFileRule: FileAccessRule = {
  audited: true,
  async allows(r, f) {
    if (f.ownerId === null || !(await readerHolds(r, 'staffRoll'))) return false;
    return employeeInScope(r, await employeeDepartmentScope(r), f.ownerId);
  },
};
