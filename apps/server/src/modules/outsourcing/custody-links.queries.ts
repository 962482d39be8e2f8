import { and, eq, sql } from 'drizzle-orm';
import { osCustodyLinks } from '../../db/schema/index.ts';
import type { Tx } from '../../platform/db.ts';

/** The joint-custody links a client company reads, and the switch of the transaction's row-level security (custody-scope.ts). */

export type CustodyLink = typeof osCustodyLinks.$inferSelect;

export async function findCustodyLink(tx: Tx, clientCompanyId: number, providerId: number): Promise<CustodyLink | null> {
  const [row] = await tx
    .select()
    .from(osCustodyLinks)
    .where(and(eq(osCustodyLinks.providerCompanyId, providerId), eq(osCustodyLinks.clientCompanyId, clientCompanyId), eq(osCustodyLinks.enabled, true)))
    .limit(1);
  return row ?? null;
}

export async function listCustodyLinksOfClient(tx: Tx, clientCompanyId: number): Promise<CustodyLink[]> {
  return tx.select().from(osCustodyLinks).where(and(eq(osCustodyLinks.clientCompanyId, clientCompanyId), eq(osCustodyLinks.enabled, true)));
}

/** Points row-level security of the open transaction at a company. */
export async function pointRowSecurityAt(tx: Tx, companyId: number): Promise<void> {
  if (!Number.isSafeInteger(companyId) || companyId <= 0) throw new Error('invalid company id');
  await tx.execute(sql`select set_config('app.company_id', ${String(companyId)}, true)`);
}
