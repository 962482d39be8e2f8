import { and, asc, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { billLines, bills, companies, employees, osClients, osCustodyLinks, osDismissals, osOrders, osPlacements } from '../../db/schema/index.ts';
import type { Executor } from '../../platform/db.ts';

/** Joint custody (共管): the provider's link rows, and what a client company reads of its own workers, orders, dismissals and bills. */

export type LinkRow = typeof osCustodyLinks.$inferSelect;
export type NewLink = Omit<typeof osCustodyLinks.$inferInsert, 'providerCompanyId' | 'clientId'>;

/** The link of one of the provider's clients, enabled or not. */
export async function findCustodyLinkOfClient(exec: Executor, providerId: number, clientId: number): Promise<LinkRow | null> {
  const [row] = await exec
    .select()
    .from(osCustodyLinks)
    .where(and(eq(osCustodyLinks.providerCompanyId, providerId), eq(osCustodyLinks.clientId, clientId)))
    .limit(1);
  return row ?? null;
}

export async function listLinksOfProvider(exec: Executor, providerId: number): Promise<LinkRow[]> {
  return exec.select().from(osCustodyLinks).where(eq(osCustodyLinks.providerCompanyId, providerId));
}

export async function upsertLink(exec: Executor, providerId: number, clientId: number, values: NewLink): Promise<LinkRow> {
  const [row] = await exec
    .insert(osCustodyLinks)
    .values({ ...values, providerCompanyId: providerId, clientId })
    .onConflictDoUpdate({ target: [osCustodyLinks.providerCompanyId, osCustodyLinks.clientId], set: { ...values, updatedAt: new Date() } })
    .returning();
  return row!;
}

export async function companyName(exec: Executor, id: number): Promise<string> {
  const [row] = await exec.select({ name: companies.name }).from(companies).where(eq(companies.id, id)).limit(1);
  return row?.name ?? '';
}

/** The client row of the provider (live), read under the provider's scope. */
export async function clientOfLink(exec: Executor, providerId: number, clientId: number): Promise<{ id: number; name: string; kind: number } | null> {
  const [row] = await exec
    .select({ id: osClients.id, name: osClients.name, kind: osClients.kind })
    .from(osClients)
    .where(and(eq(osClients.companyId, providerId), eq(osClients.id, clientId), isNull(osClients.archivedAt)))
    .limit(1);
  return row ?? null;
}

/** Placed (在岗, 待离岗), waiting approvals (orders and dismissals not cancelled) and bills to confirm of one client. */
export async function overviewCounts(exec: Executor, providerId: number, clientId: number): Promise<{ placed: number; waitingApprovals: number; billsToConfirm: number }> {
  const count = sql<number>`count(*)::int`;
  // One query at a time: the statements share the request's transaction.
  const [placed] = await exec.select({ n: count }).from(osPlacements).where(and(eq(osPlacements.companyId, providerId), eq(osPlacements.clientId, clientId), inArray(osPlacements.status, [2, 3])));
  const [orders] = await exec.select({ n: count }).from(osOrders).where(and(eq(osOrders.companyId, providerId), eq(osOrders.clientId, clientId), eq(osOrders.approval, 1), ne(osOrders.status, 5)));
  const [dismissals] = await exec.select({ n: count }).from(osDismissals).where(and(eq(osDismissals.companyId, providerId), eq(osDismissals.clientId, clientId), eq(osDismissals.approval, 1), ne(osDismissals.status, 4)));
  const [toConfirm] = await exec
    .select({ n: count })
    .from(bills)
    .where(and(eq(bills.companyId, providerId), eq(bills.source, 'outsourcing'), eq(bills.sourceId, clientId), eq(bills.status, 2), isNull(bills.archivedAt)));
  return { placed: Number(placed?.n ?? 0), waitingApprovals: Number(orders?.n ?? 0) + Number(dismissals?.n ?? 0), billsToConfirm: Number(toConfirm?.n ?? 0) };
}

/** The masked ID number and gender of the provider's employees. */
export async function employeeExtras(exec: Executor, providerId: number, ids: readonly number[]): Promise<Map<number, { idNumberMasked: string | null; gender: number | null }>> {
  if (ids.length === 0) return new Map();
  const rows = await exec
    .select({ id: employees.id, idNumberMasked: employees.idNumberMasked, gender: employees.gender })
    .from(employees)
    .where(and(eq(employees.companyId, providerId), inArray(employees.id, [...ids])));
  return new Map(rows.map((r) => [r.id, { idNumberMasked: r.idNumberMasked, gender: r.gender }]));
}

/** Each worker's wages on the latest bill of the client that has a line for them. */
export async function latestBilledWages(exec: Executor, providerId: number, clientId: number, employeeIds: readonly number[]): Promise<Map<number, string>> {
  if (employeeIds.length === 0) return new Map();
  const rows = await exec
    .select({ employeeId: billLines.employeeId, wages: billLines.wages })
    .from(billLines)
    .innerJoin(bills, and(eq(bills.companyId, billLines.companyId), eq(bills.id, billLines.billId)))
    .where(
      and(
        eq(billLines.companyId, providerId),
        inArray(billLines.employeeId, [...employeeIds]),
        eq(bills.source, 'outsourcing'),
        eq(bills.sourceId, clientId),
        isNull(bills.archivedAt),
      ),
    )
    .orderBy(desc(bills.month), desc(bills.id), asc(billLines.lineNo));
  const out = new Map<number, string>();
  for (const r of rows) if (r.employeeId !== null && !out.has(r.employeeId)) out.set(r.employeeId, r.wages);
  return out;
}

/** Placements of the client whose worker's name contains `keyword` (the client searches by name only). */
export async function placementIdsByName(exec: Executor, providerId: number, clientId: number, keyword: string): Promise<number[]> {
  const rows = await exec
    .select({ id: osPlacements.id })
    .from(osPlacements)
    .innerJoin(employees, and(eq(employees.companyId, osPlacements.companyId), eq(employees.id, osPlacements.employeeId)))
    .where(and(eq(osPlacements.companyId, providerId), eq(osPlacements.clientId, clientId), sql`${employees.name} like ${`%${keyword.replace(/[%_\\]/g, '\\$&')}%`}`));
  return rows.map((r) => r.id);
}

/** Another enabled link of the provider to the same client company. */
export async function otherEnabledLink(exec: Executor, providerId: number, clientCompanyId: number, exceptClientId: number): Promise<LinkRow | null> {
  const [row] = await exec
    .select()
    .from(osCustodyLinks)
    .where(and(eq(osCustodyLinks.providerCompanyId, providerId), eq(osCustodyLinks.clientCompanyId, clientCompanyId), eq(osCustodyLinks.enabled, true), sql`${osCustodyLinks.clientId} <> ${exceptClientId}`))
    .limit(1);
  return row ?? null;
}
