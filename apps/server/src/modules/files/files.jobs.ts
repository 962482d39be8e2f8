import { registerExportCleanup } from '../../platform/files/index.ts';
import { registerAuditLogExport } from './audit-log-export.ts';

/** The job types of the files module (every process that runs jobs registers them). */
export function registerFilesJobHandlers(): void {
  registerExportCleanup();
  registerAuditLogExport();
}
