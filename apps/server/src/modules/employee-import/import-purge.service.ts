import type { Executor } from '../../platform/db.ts';
import { archiveFile, deleteStoredFile, findFile } from '../../platform/files/index.ts';
import type { AppServices } from '../../platform/services.ts';
import * as q from './employee-import.queries.ts';

/** Row cells and source files of imports are kept this long, for corrections and the error file. */
export const IMPORT_DATA_DAYS = 7;
export const IMPORT_PURGE_JOB = 'employee-import.purge';

const purgeBefore = () => new Date(Date.now() - IMPORT_DATA_DAYS * 24 * 3600_000);

export function listCompaniesWithImportsToPurge(exec: Executor): Promise<number[]> {
  return q.listCompaniesWithDataToPurge(exec, purgeBefore());
}

/**
 * The daily purge: imports older than IMPORT_DATA_DAYS lose their rows' cells and their source file
 * (the counts, verdicts and error reasons stay). The file is deleted from the store after the commit.
 */
export async function purgeOldImports(services: AppServices, companyId: number): Promise<{ batches: number }> {
  const keys = await services.database.inTenant(companyId, async (tx) => {
    const batches = await q.listBatchesToPurge(tx, companyId, purgeBefore());
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
