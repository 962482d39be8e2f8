import { and, eq, sql } from 'drizzle-orm';
import { custodyDeposits } from '../../db/schema/index.ts';
import type { Executor } from '../../platform/db.ts';

/** Sum of the company's confirmed deposits (累计充值). */
export async function sumConfirmedDeposits(exec: Executor, companyId: number, confirmed: number): Promise<string> {
  const [row] = await exec
    .select({ total: sql<string>`coalesce(sum(${custodyDeposits.amount}), 0)::numeric(14,2)::text` })
    .from(custodyDeposits)
    .where(and(eq(custodyDeposits.companyId, companyId), eq(custodyDeposits.status, confirmed)));
  return row?.total ?? '0.00';
}
