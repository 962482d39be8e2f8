import { and, eq, ne } from 'drizzle-orm';
import { companies } from '../../db/schema/index.ts';
import type { Executor } from '../../platform/db.ts';

/** The company's own row: its profile and certification status. */

export type CompanyRow = typeof companies.$inferSelect;

export async function findCompany(exec: Executor, companyId: number): Promise<CompanyRow | null> {
  const [row] = await exec.select().from(companies).where(eq(companies.id, companyId)).limit(1);
  return row ?? null;
}

export async function findOtherCompanyIdByCreditCode(exec: Executor, companyId: number, creditCode: string): Promise<number | null> {
  const [row] = await exec
    .select({ id: companies.id })
    .from(companies)
    .where(and(eq(companies.creditCode, creditCode), ne(companies.id, companyId)))
    .limit(1);
  return row?.id ?? null;
}

export type ProfileColumns = Pick<
  typeof companies.$inferInsert,
  'name' | 'creditCode' | 'legalRepresentative' | 'registeredAddress' | 'industry' | 'sizeBand' | 'logoUrl' | 'contactName' | 'contactPhoneEnc' | 'contactEmail' | 'certificationStatus' | 'certifiedAt'
>;

export async function updateCompany(exec: Executor, companyId: number, set: Partial<ProfileColumns>): Promise<CompanyRow> {
  const [row] = await exec.update(companies).set(set).where(eq(companies.id, companyId)).returning();
  return row!;
}
