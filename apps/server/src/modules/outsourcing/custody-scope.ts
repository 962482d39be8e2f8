import { and, eq, sql } from 'drizzle-orm';
import { osCustodyLinks } from '../../db/schema/index.ts';
import { forbidden } from '../../platform/errors.ts';
import type { ServiceCtx } from '../../platform/http.ts';
import type { Tx } from '../../platform/db.ts';

/**
 * Joint custody from the client's side: a client company's request reads the provider's rows of that
 * one client. The link (enabled, naming the caller's company) is checked first; then, inside the same
 * transaction, row-level security is pointed at the provider for `fn` and back at the caller after.
 * `fn` must filter every query by `link.clientId` — it sees the provider's whole tenant.
 */
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

async function pointAt(tx: Tx, companyId: number): Promise<void> {
  if (!Number.isSafeInteger(companyId) || companyId <= 0) throw new Error('invalid company id');
  await tx.execute(sql`select set_config('app.company_id', ${String(companyId)}, true)`);
}

/** Runs fn with the provider's rows visible, for a client company the provider shares the client with. */
export async function inProviderScope<T>(c: ServiceCtx, providerId: number, fn: (link: CustodyLink) => Promise<T>): Promise<T> {
  const link = await findCustodyLink(c.tx, c.companyId, providerId);
  if (!link) throw forbidden('该外包服务商未与本企业开启共管');
  await pointAt(c.tx, providerId);
  try {
    return await fn(link);
  } finally {
    await pointAt(c.tx, c.companyId);
  }
}
