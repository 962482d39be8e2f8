import type { Tx } from '../../platform/db.ts';
import type { AppServices } from '../../platform/services.ts';
import * as q from './lifecycle.queries.ts';
import { applyDueQuit } from './quit.service.ts';
import { applyDueRegularisation } from './regularisation.service.ts';
import { applyDueTransfer } from './transfer.service.ts';

/**
 * The daily job: applies the company's waiting changes due on or before the day, oldest first. A
 * change that can no longer take effect is cancelled, with the reason in its remark.
 */
export async function applyDueChanges(services: AppServices, tx: Tx, companyId: number, day: string): Promise<{ applied: number; cancelled: number }> {
  let applied = 0;
  let cancelled = 0;
  for (const change of await q.listDueChanges(tx, companyId, day)) {
    const ok =
      change.type === 'transfer'
        ? await applyDueTransfer(services, tx, companyId, change)
        : change.type === 'regularize'
          ? await applyDueRegularisation(tx, companyId, change)
          : change.type === 'quit'
            ? await applyDueQuit(services, tx, companyId, change)
            : false;
    if (ok) applied++;
    else cancelled++;
  }
  return { applied, cancelled };
}
