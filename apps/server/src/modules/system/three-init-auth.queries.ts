import { and, count, desc, eq, ne } from 'drizzle-orm';
import { companies, threeInitAuth } from '../../db/schema/index.ts';
import type { Executor } from '../../platform/db.ts';

export type ThreeInitAuthRow = typeof threeInitAuth.$inferSelect;
export type ThreeInitAuthPageRow = ThreeInitAuthRow & { partyCompanyName: string | null };

const DELETED = 9;

/** A record that is not deleted. */
export async function findThreeInitAuth(exec: Executor, companyId: number, id: number): Promise<ThreeInitAuthRow | null> {
  const rows = await exec
    .select()
    .from(threeInitAuth)
    .where(and(eq(threeInitAuth.companyId, companyId), eq(threeInitAuth.id, id), ne(threeInitAuth.status, DELETED)))
    .limit(1)
    .for('update');
  return rows[0] ?? null;
}

/** The live (status 1) authorisation of a partner company, if any. */
export async function findLiveThreeInitAuthOfParty(exec: Executor, companyId: number, partyCompanyId: number): Promise<ThreeInitAuthRow | null> {
  const rows = await exec
    .select()
    .from(threeInitAuth)
    .where(and(eq(threeInitAuth.companyId, companyId), eq(threeInitAuth.partyCompanyId, partyCompanyId), eq(threeInitAuth.status, 1)))
    .limit(1)
    .for('update');
  return rows[0] ?? null;
}

export async function listThreeInitAuthPage(
  exec: Executor,
  companyId: number,
  filter: { status?: number; partyCompanyId?: number; offset: number; limit: number },
): Promise<{ rows: ThreeInitAuthPageRow[]; total: number }> {
  const where = and(
    eq(threeInitAuth.companyId, companyId),
    filter.status ? eq(threeInitAuth.status, filter.status) : ne(threeInitAuth.status, DELETED),
    filter.partyCompanyId ? eq(threeInitAuth.partyCompanyId, filter.partyCompanyId) : undefined,
  );
  const totalRows = await exec.select({ n: count() }).from(threeInitAuth).where(where);
  const rows = await exec
    .select({ auth: threeInitAuth, partyCompanyName: companies.name })
    .from(threeInitAuth)
    .leftJoin(companies, eq(companies.id, threeInitAuth.partyCompanyId))
    .where(where)
    .orderBy(desc(threeInitAuth.id))
    .offset(filter.offset)
    .limit(filter.limit);
  return { rows: rows.map((r) => ({ ...r.auth, partyCompanyName: r.partyCompanyName })), total: Number(totalRows[0]?.n ?? 0) };
}

export type ThreeInitAuthScope = Partial<Pick<ThreeInitAuthRow, 'departmentIds' | 'sealIds' | 'companyInfoConfig'>>;

export async function insertThreeInitAuth(
  exec: Executor,
  companyId: number,
  v: { partyCompanyId: number; createdBy: number } & ThreeInitAuthScope,
): Promise<ThreeInitAuthRow> {
  const rows = await exec
    .insert(threeInitAuth)
    .values({ companyId, ...v })
    .returning();
  return rows[0]!;
}

export async function updateThreeInitAuth(
  exec: Executor,
  companyId: number,
  id: number,
  v: ThreeInitAuthScope & { status?: number; syncedAt?: Date },
): Promise<ThreeInitAuthRow> {
  const rows = await exec
    .update(threeInitAuth)
    .set({ ...v, updatedAt: new Date() })
    .where(and(eq(threeInitAuth.companyId, companyId), eq(threeInitAuth.id, id)))
    .returning();
  return rows[0]!;
}
