import { and, eq } from 'drizzle-orm';
import { companyMembers, signSubscriptions } from '../../db/schema/index.ts';
import type { Executor } from '../../platform/db.ts';

export type SubscriptionRow = typeof signSubscriptions.$inferSelect;

export async function findSubscription(exec: Executor, companyId: number, userId: number): Promise<SubscriptionRow | null> {
  const [row] = await exec.select().from(signSubscriptions).where(and(eq(signSubscriptions.companyId, companyId), eq(signSubscriptions.userId, userId))).limit(1);
  return row ?? null;
}

export async function upsertSubscription(exec: Executor, companyId: number, userId: number, v: { toSign: boolean; completed: boolean; withdrawn: boolean }): Promise<void> {
  const now = new Date();
  await exec
    .insert(signSubscriptions)
    .values({ companyId, userId, ...v, updatedAt: now })
    .onConflictDoUpdate({ target: [signSubscriptions.companyId, signSubscriptions.userId], set: { ...v, updatedAt: now } });
}

export async function isActiveMember(exec: Executor, companyId: number, userId: number): Promise<boolean> {
  const rows = await exec
    .select({ userId: companyMembers.userId })
    .from(companyMembers)
    .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.userId, userId), eq(companyMembers.status, 1)))
    .limit(1);
  return rows.length === 1;
}
