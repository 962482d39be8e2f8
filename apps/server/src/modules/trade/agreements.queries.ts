import { eq } from 'drizzle-orm';
import { companies } from '../../db/schema/index.ts';
import type { Executor } from '../../platform/db.ts';

export async function companyName(exec: Executor, companyId: number): Promise<{ name: string; creditCode: string | null }> {
  const rows = await exec.select({ name: companies.name, creditCode: companies.creditCode }).from(companies).where(eq(companies.id, companyId)).limit(1);
  return rows[0] ?? { name: '', creditCode: null };
}
