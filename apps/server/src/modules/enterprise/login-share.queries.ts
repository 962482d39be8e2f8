import { and, desc, eq, sql } from 'drizzle-orm';
import { companies, companyMembers, loginShareGrants, roles, userRoles, users } from '../../db/schema/index.ts';
import { rowsOf, type Executor, type Tx } from '../../platform/db.ts';

/**
 * Login sharing spans two companies in one transaction: `pointAt` turns row-level security to the
 * other company for a step and back, so each statement still sees one company only.
 */
export async function pointAt(tx: Tx, companyId: number): Promise<void> {
  if (!Number.isSafeInteger(companyId) || companyId <= 0) throw new Error('invalid company id');
  await tx.execute(sql`select set_config('app.company_id', ${String(companyId)}, true)`);
}

/** The companies a user administers (a user-level look-up, run as the owner and keyed by the user). */
export async function listAdministeredCompanies(exec: Executor, userId: number) {
  return rowsOf<{ company_id: number; company_name: string }>(
    await exec.execute(sql`
      select c.id as company_id, c.name as company_name
      from company_members m join companies c on c.id = m.company_id
      where m.user_id = ${userId} and m.status = 1 and m.is_admin and c.status = 1
      order by c.id`),
  );
}

export async function findMembership(exec: Executor, companyId: number, userId: number) {
  const [row] = await exec
    .select({ status: companyMembers.status, isAdmin: companyMembers.isAdmin })
    .from(companyMembers)
    .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.userId, userId)))
    .limit(1);
  return row ?? null;
}

export async function findCompanyName(exec: Executor, companyId: number): Promise<string | null> {
  const [row] = await exec.select({ name: companies.name }).from(companies).where(and(eq(companies.id, companyId), eq(companies.status, 1))).limit(1);
  return row?.name ?? null;
}

export async function listActiveRoles(exec: Executor, companyId: number) {
  return exec
    .select({ roleId: roles.id, roleName: roles.name })
    .from(roles)
    .where(and(eq(roles.companyId, companyId), eq(roles.status, 1)))
    .orderBy(roles.id);
}

export async function findActiveRoleName(exec: Executor, companyId: number, roleId: number): Promise<string | null> {
  const [row] = await exec
    .select({ name: roles.name })
    .from(roles)
    .where(and(eq(roles.companyId, companyId), eq(roles.id, roleId), eq(roles.status, 1)))
    .limit(1);
  return row?.name ?? null;
}

export async function listActiveMembers(exec: Executor, companyId: number) {
  return exec
    .select({ userId: companyMembers.userId, nickname: users.nickname, phoneEnc: users.phoneEnc })
    .from(companyMembers)
    .innerJoin(users, eq(users.id, companyMembers.userId))
    .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.status, 1)))
    .orderBy(companyMembers.userId);
}

/** Makes the membership (a new row, or a removed one made active again). */
export async function addMembership(exec: Executor, companyId: number, userId: number, existed: boolean): Promise<void> {
  if (existed) {
    await exec
      .update(companyMembers)
      .set({ status: 1, isAdmin: false })
      .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.userId, userId)));
  } else {
    await exec.insert(companyMembers).values({ companyId, userId, isAdmin: false, isSubAccount: true });
  }
}

export async function removeMembership(exec: Executor, companyId: number, userId: number): Promise<void> {
  await exec
    .update(companyMembers)
    .set({ status: 0 })
    .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.userId, userId)));
}

export async function addUserRole(exec: Executor, companyId: number, userId: number, roleId: number): Promise<void> {
  await exec.insert(userRoles).values({ companyId, userId, roleId }).onConflictDoNothing();
}

export async function removeUserRole(exec: Executor, companyId: number, userId: number, roleId: number): Promise<void> {
  await exec.delete(userRoles).where(and(eq(userRoles.companyId, companyId), eq(userRoles.userId, userId), eq(userRoles.roleId, roleId)));
}

export type GrantRow = typeof loginShareGrants.$inferSelect;

export async function insertGrant(exec: Executor, v: typeof loginShareGrants.$inferInsert): Promise<GrantRow> {
  const [row] = await exec.insert(loginShareGrants).values(v).returning();
  return row!;
}

export async function findActiveGrant(exec: Executor, companyId: number, id: number): Promise<GrantRow | null> {
  const [row] = await exec
    .select()
    .from(loginShareGrants)
    .where(and(eq(loginShareGrants.companyId, companyId), eq(loginShareGrants.id, id), eq(loginShareGrants.status, 1)))
    .for('update')
    .limit(1);
  return row ?? null;
}

export async function updateGrant(exec: Executor, companyId: number, id: number, set: Partial<typeof loginShareGrants.$inferInsert>): Promise<void> {
  await exec
    .update(loginShareGrants)
    .set(set)
    .where(and(eq(loginShareGrants.companyId, companyId), eq(loginShareGrants.id, id)));
}

export async function listActiveGrants(exec: Executor, companyId: number) {
  return exec
    .select({ g: loginShareGrants, nickname: users.nickname, phoneEnc: users.phoneEnc, targetName: companies.name })
    .from(loginShareGrants)
    .innerJoin(users, eq(users.id, loginShareGrants.userId))
    .innerJoin(companies, eq(companies.id, loginShareGrants.targetCompanyId))
    .where(and(eq(loginShareGrants.companyId, companyId), eq(loginShareGrants.status, 1)))
    .orderBy(desc(loginShareGrants.id));
}
