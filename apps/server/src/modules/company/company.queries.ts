import { and, count, eq, gt, sql } from 'drizzle-orm';
import { companies, companyMembers, companyPromoters } from '../../db/schema/index.ts';
import { rowsOf, type Database, type Executor } from '../../platform/db.ts';

/** The companies a user belongs to. Spans companies by nature, so it runs as the owner, keyed by the user. */
export async function listCompaniesOfUser(exec: Executor, userId: number) {
  return rowsOf<{ company_id: number; company_name: string; logo_url: string | null; is_wb: number; is_admin: boolean }>(
    await exec.execute(sql`
      select c.id as company_id, c.name as company_name, c.logo_url, c.is_wb, m.is_admin
      from company_members m join companies c on c.id = m.company_id
      where m.user_id = ${userId} and m.status = 1 and c.status = 1
      order by c.id`),
  );
}

export async function isActiveMember(database: Database, companyId: number, userId: number): Promise<boolean> {
  return database.inTenant(companyId, async (tx) => {
    const rows = await tx
      .select({ userId: companyMembers.userId })
      .from(companyMembers)
      .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.userId, userId), eq(companyMembers.status, 1)))
      .limit(1);
    return rows.length === 1;
  });
}

export async function findCompanyByCreditCode(exec: Executor, creditCode: string) {
  const rows = await exec.select({ id: companies.id }).from(companies).where(eq(companies.creditCode, creditCode)).limit(1);
  return rows[0] ?? null;
}

export async function findCompanyById(exec: Executor, companyId: number) {
  const rows = await exec.select().from(companies).where(eq(companies.id, companyId)).limit(1);
  return rows[0] ?? null;
}

export async function countCompaniesCreatedBy(exec: Executor, userId: number, since: Date): Promise<number> {
  const rows = await exec
    .select({ n: count() })
    .from(companies)
    .where(and(eq(companies.createdBy, userId), gt(companies.createdAt, since)));
  return Number(rows[0]?.n ?? 0);
}

export async function insertCompany(exec: Executor, v: typeof companies.$inferInsert) {
  const rows = await exec.insert(companies).values(v).returning();
  return rows[0]!;
}

export async function insertMember(exec: Executor, v: typeof companyMembers.$inferInsert) {
  await exec.insert(companyMembers).values(v);
}

/** Who sent the creator here (platform marketing data, written as the owner before the tenant switch). */
export async function insertCompanyPromoter(exec: Executor, v: typeof companyPromoters.$inferInsert): Promise<void> {
  await exec.insert(companyPromoters).values(v);
}
