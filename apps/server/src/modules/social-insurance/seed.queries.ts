import { asc, sql } from 'drizzle-orm';
import { companies } from '../../db/schema/index.ts';
import type { Executor } from '../../platform/db.ts';

/** What the demo seed of social-insurance hosting reads beside the module's own queries. */

export async function listCompanyIds(exec: Executor): Promise<number[]> {
  const rows = await exec.select({ id: companies.id }).from(companies).orderBy(asc(companies.id));
  return rows.map((r) => Number(r.id));
}

/** Sets a seeded declaration's times to its month (the demo's history reads as it happened). */
export async function backdateDeclaration(exec: Executor, companyId: number, id: number, at: Date): Promise<void> {
  await exec.execute(sql`update si_declarations set created_at = ${at.toISOString()}::timestamptz, submitted_at = ${at.toISOString()}::timestamptz, updated_at = ${at.toISOString()}::timestamptz where company_id = ${companyId} and id = ${id}`);
}
