import { and, asc, eq, getTableColumns, inArray, isNull, ne, sql } from 'drizzle-orm';
import { EMPLOYEE_STATUS } from '@wfsaas/contracts';
import { companies, employees, osClients, osCustodyLinks, osOrders, osPlacements, osPlans } from '../../db/schema/index.ts';
import { pointRowSecurityAt } from './custody-links.queries.ts';
import type { Executor, Tx } from '../../platform/db.ts';

/** 用工单位 rows, the platform company a client is (by credit code) and the counts the rules need. */

export type ClientRow = typeof osClients.$inferSelect;
export type NewClient = Omit<typeof osClients.$inferInsert, 'companyId' | 'id'>;
export type ClientListRow = ClientRow & { planName: string; activeCount: number };

export async function listClients(exec: Executor, companyId: number, ids?: readonly number[]): Promise<ClientListRow[]> {
  const activeCount = sql<number>`(select count(*)::int from ${osPlacements} where ${osPlacements.companyId} = ${osClients.companyId} and ${osPlacements.clientId} = ${osClients.id} and ${osPlacements.status} in (2, 3))`;
  return exec
    .select({ ...getTableColumns(osClients), planName: sql<string>`coalesce(${osPlans.name}, '')`, activeCount })
    .from(osClients)
    .leftJoin(osPlans, and(eq(osPlans.companyId, osClients.companyId), eq(osPlans.id, osClients.planId)))
    .where(and(eq(osClients.companyId, companyId), isNull(osClients.archivedAt), ids ? (ids.length ? inArray(osClients.id, [...ids]) : sql`false`) : undefined))
    .orderBy(asc(osClients.id));
}

export async function findClientIdByName(exec: Executor, companyId: number, name: string, exceptId?: number): Promise<number | null> {
  const rows = await exec
    .select({ id: osClients.id })
    .from(osClients)
    .where(and(eq(osClients.companyId, companyId), eq(osClients.name, name), isNull(osClients.archivedAt), exceptId ? ne(osClients.id, exceptId) : undefined))
    .limit(1);
  return rows[0]?.id ?? null;
}

export async function insertClient(exec: Executor, companyId: number, values: NewClient): Promise<ClientRow> {
  const [row] = await exec.insert(osClients).values({ ...values, companyId }).returning();
  return row!;
}

export async function updateClient(exec: Executor, companyId: number, id: number, values: Partial<NewClient>): Promise<ClientRow> {
  const [row] = await exec
    .update(osClients)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(osClients.companyId, companyId), eq(osClients.id, id)))
    .returning();
  return row!;
}

export async function archiveClient(exec: Executor, companyId: number, id: number, userId: number): Promise<void> {
  await exec.update(osClients).set({ archivedAt: new Date(), updatedBy: userId }).where(and(eq(osClients.companyId, companyId), eq(osClients.id, id)));
}

export type PlatformCompany = { id: number; name: string; creditCode: string };

/** Companies on the platform with these credit codes, other than the caller's own. */
export async function platformCompaniesByCreditCode(exec: Executor, callerCompanyId: number, codes: readonly string[]): Promise<Map<string, PlatformCompany>> {
  const wanted = [...new Set(codes.filter(Boolean))];
  if (wanted.length === 0) return new Map();
  const rows = await exec
    .select({ id: companies.id, name: companies.name, creditCode: companies.creditCode })
    .from(companies)
    .where(and(inArray(companies.creditCode, wanted), ne(companies.id, callerCompanyId), eq(companies.status, 1)));
  return new Map(rows.map((r) => [r.creditCode!, { id: r.id, name: r.name, creditCode: r.creditCode! }]));
}

/**
 * On-job employees (试用期, 正式, 待离职) of another company on the platform: row-level security is
 * pointed at that company for the one count and back at the caller after.
 */
export async function countOnJobEmployeesOf(tx: Tx, callerCompanyId: number, companyId: number): Promise<number> {
  await pointRowSecurityAt(tx, companyId);
  try {
    const [row] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(employees)
      .where(and(eq(employees.companyId, companyId), isNull(employees.archivedAt), inArray(employees.status, [EMPLOYEE_STATUS.probation, EMPLOYEE_STATUS.regular, EMPLOYEE_STATUS.leaving])));
    return Number(row?.n ?? 0);
  } finally {
    await pointRowSecurityAt(tx, callerCompanyId);
  }
}

/** Placements of the client in these statuses, optionally only on posts of one kind. */
export async function countPlacements(exec: Executor, companyId: number, clientId: number, statuses: readonly number[], postKind?: string): Promise<number> {
  const [row] = await exec
    .select({ n: sql<number>`count(*)::int` })
    .from(osPlacements)
    .where(and(eq(osPlacements.companyId, companyId), eq(osPlacements.clientId, clientId), inArray(osPlacements.status, [...statuses]), postKind ? eq(osPlacements.postKind, postKind) : undefined));
  return Number(row?.n ?? 0);
}

export async function countOrders(exec: Executor, companyId: number, clientId: number, statuses: readonly number[]): Promise<number> {
  const [row] = await exec
    .select({ n: sql<number>`count(*)::int` })
    .from(osOrders)
    .where(and(eq(osOrders.companyId, companyId), eq(osOrders.clientId, clientId), inArray(osOrders.status, [...statuses])));
  return Number(row?.n ?? 0);
}

/** Switches the client's custody link off (the provider turns it on again), naming the company its credit code names now. */
export async function relinkCustody(exec: Executor, providerId: number, clientId: number, clientCompanyId: number | null, userId: number): Promise<void> {
  const set = { enabled: false, updatedBy: userId, updatedAt: new Date(), ...(clientCompanyId ? { clientCompanyId } : {}) };
  await exec.update(osCustodyLinks).set(set).where(and(eq(osCustodyLinks.providerCompanyId, providerId), eq(osCustodyLinks.clientId, clientId)));
}
