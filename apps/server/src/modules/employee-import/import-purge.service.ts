import type { Executor } from '../../platform/db.ts';
import { archiveFile, deleteStoredFile, findFile } from '../../platform/files/index.ts';
import type { AppServices } from '../../platform/services.ts';
import { retentionDaysOf } from '../implement/index.ts';
import * as q from './employee-import.queries.ts';

/** Row cells and source files of imports are kept this long unless the company sets its own period (系统配置 · 数据保留). */
export const IMPORT_DATA_DAYS = 7;
/** The shortest period a company may set. */
const IMPORT_MIN_DAYS = 1;
export const IMPORT_PURGE_JOB = 'employee-import.purge';

const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 3600_000);

export function listCompaniesWithImportsToPurge(exec: Executor): Promise<number[]> {
  return q.listCompaniesWithDataToPurge(exec, daysAgo(IMPORT_MIN_DAYS));
}

/**
 * The daily purge: imports older than the company's period lose their rows' cells and their source file
 * (the counts, verdicts and error reasons stay). The file is deleted from the store after the commit.
 */
export async function purgeOldImports(services: AppServices, companyId: number): Promise<{ batches: number }> {
  const keys = await services.database.inTenant(companyId, async (tx) => {
    const { importDays } = await retentionDaysOf(tx, companyId);
    const batches = await q.listBatchesToPurge(tx, companyId, daysAgo(Math.max(IMPORT_MIN_DAYS, importDays)));
    const storageKeys: string[] = [];
    for (const b of batches) {
      await q.purgeBatchRowData(tx, companyId, b.id);
      const file = await findFile(tx, companyId, b.fileId);
      if (file) {
        await archiveFile(tx, companyId, file.id);
        storageKeys.push(file.storageKey);
      }
    }
    return storageKeys;
  });
  for (const key of keys) await deleteStoredFile(services, key);
  return { batches: keys.length };
}
