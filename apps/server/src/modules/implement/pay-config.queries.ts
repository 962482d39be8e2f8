import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import { payAccounts } from '../../db/schema/index.ts';
import type { Executor } from '../../platform/db.ts';

/** 支付配置 rows: the company's paying bank accounts (archived ones are kept, never listed). */

export type PayAccountRow = typeof payAccounts.$inferSelect;
export type NewPayAccount = Omit<typeof payAccounts.$inferInsert, 'companyId' | 'id'>;

const live = (companyId: number) => and(eq(payAccounts.companyId, companyId), isNull(payAccounts.archivedAt));

export async function listAccounts(exec: Executor, companyId: number): Promise<PayAccountRow[]> {
  return exec.select().from(payAccounts).where(live(companyId)).orderBy(desc(payAccounts.isDefault), asc(payAccounts.id));
}

export async function findAccount(exec: Executor, companyId: number, id: number): Promise<PayAccountRow | null> {
  const rows = await exec
    .select()
    .from(payAccounts)
    .where(and(live(companyId), eq(payAccounts.id, id)))
    .limit(1);
  return rows[0] ?? null;
}

export async function findDefaultAccount(exec: Executor, companyId: number): Promise<PayAccountRow | null> {
  const rows = await exec
    .select()
    .from(payAccounts)
    .where(and(live(companyId), eq(payAccounts.isDefault, true), eq(payAccounts.enabled, true)))
    .limit(1);
  return rows[0] ?? null;
}

export async function findAccountIdByHash(exec: Executor, companyId: number, hash: string): Promise<number | null> {
  const rows = await exec
    .select({ id: payAccounts.id })
    .from(payAccounts)
    .where(and(live(companyId), eq(payAccounts.accountHash, hash)))
    .limit(1);
  return rows[0]?.id ?? null;
}

export async function clearDefault(exec: Executor, companyId: number): Promise<void> {
  await exec.update(payAccounts).set({ isDefault: false }).where(and(live(companyId), eq(payAccounts.isDefault, true)));
}

export async function insertAccount(exec: Executor, companyId: number, values: NewPayAccount): Promise<PayAccountRow> {
  const [row] = await exec.insert(payAccounts).values({ ...values, companyId }).returning();
  return row!;
}

export async function updateAccount(exec: Executor, companyId: number, id: number, set: Partial<NewPayAccount>): Promise<PayAccountRow> {
  const [row] = await exec
    .update(payAccounts)
    .set({ ...set, updatedAt: new Date() })
    .where(and(live(companyId), eq(payAccounts.id, id)))
    .returning();
  return row!;
}
