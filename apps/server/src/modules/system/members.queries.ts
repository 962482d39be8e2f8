import { and, asc, count, eq, isNull, ne, or, sql, ilike, type SQL } from 'drizzle-orm';
import { companies, companyMembers, employees, sessions, users } from '../../db/schema/index.ts';
import { setTenant, type Executor, type Tx } from '../../platform/db.ts';

/** Members of a company, their user accounts, sessions and the employees they are bound to. */

export type MemberRow = {
  userId: number;
  isAdmin: boolean;
  isSubAccount: boolean;
  status: number;
  employeeId: number | null;
  createdAt: Date;
  nickname: string;
  phoneEnc: string;
  phoneHash: string;
  passwordHash: string | null;
  phoneVerifiedAt: Date | null;
  userStatus: number;
};

const memberColumns = {
  userId: companyMembers.userId,
  isAdmin: companyMembers.isAdmin,
  isSubAccount: companyMembers.isSubAccount,
  status: companyMembers.status,
  employeeId: companyMembers.employeeId,
  createdAt: companyMembers.createdAt,
  nickname: users.nickname,
  phoneEnc: users.phoneEnc,
  phoneHash: users.phoneHash,
  passwordHash: users.passwordHash,
  phoneVerifiedAt: users.phoneVerifiedAt,
  userStatus: users.status,
};

/** The membership (any status) of a user in the company, with the account. */
export async function findMember(exec: Executor, companyId: number, userId: number): Promise<MemberRow | null> {
  const rows = await exec
    .select(memberColumns)
    .from(companyMembers)
    .innerJoin(users, eq(users.id, companyMembers.userId))
    .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.userId, userId)))
    .limit(1);
  return rows[0] ?? null;
}

/** Locks the membership row for the rest of the transaction (concurrent edits of one member queue up). */
export async function lockMember(exec: Executor, companyId: number, userId: number): Promise<void> {
  await exec
    .select({ userId: companyMembers.userId })
    .from(companyMembers)
    .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.userId, userId)))
    .for('update');
}

export type SubAccountPageRow = MemberRow & { employeeName: string | null };

/** Active members who are not administrators: the company's sub-accounts. */
export async function listSubAccountsPage(
  exec: Executor,
  companyId: number,
  filter: { nicknameLike?: string; phoneHash?: string; offset: number; limit: number },
): Promise<{ rows: SubAccountPageRow[]; total: number }> {
  const conds: (SQL | undefined)[] = [eq(companyMembers.companyId, companyId), eq(companyMembers.status, 1), eq(companyMembers.isAdmin, false)];
  if (filter.nicknameLike || filter.phoneHash) {
    conds.push(
      or(
        filter.nicknameLike ? ilike(users.nickname, `%${filter.nicknameLike.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) : undefined,
        filter.phoneHash ? eq(users.phoneHash, filter.phoneHash) : undefined,
      ),
    );
  }
  const where = and(...conds);
  const totalRows = await exec
    .select({ n: count() })
    .from(companyMembers)
    .innerJoin(users, eq(users.id, companyMembers.userId))
    .where(where);
  const rows = await exec
    .select({ ...memberColumns, employeeName: employees.name })
    .from(companyMembers)
    .innerJoin(users, eq(users.id, companyMembers.userId))
    .leftJoin(employees, and(eq(employees.companyId, companyMembers.companyId), eq(employees.id, companyMembers.employeeId)))
    .where(where)
    .orderBy(asc(companyMembers.createdAt), asc(companyMembers.userId))
    .offset(filter.offset)
    .limit(filter.limit);
  return { rows, total: Number(totalRows[0]?.n ?? 0) };
}

export async function insertMember(exec: Executor, v: { companyId: number; userId: number; isSubAccount: boolean }): Promise<void> {
  await exec.insert(companyMembers).values({ ...v, isAdmin: false });
}

/** Brings a removed member back as a sub-account, with nothing bound. */
export async function reactivateMember(exec: Executor, companyId: number, userId: number): Promise<void> {
  await exec
    .update(companyMembers)
    .set({ status: 1, isAdmin: false, isSubAccount: true, employeeId: null })
    .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.userId, userId)));
}

/** Removes a member: status 0 and no employee bound. Their account and other companies are untouched. */
export async function deactivateMember(exec: Executor, companyId: number, userId: number): Promise<void> {
  await exec
    .update(companyMembers)
    .set({ status: 0, employeeId: null })
    .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.userId, userId)));
}

export async function setMemberEmployee(exec: Executor, companyId: number, userId: number, employeeId: number | null): Promise<void> {
  await exec
    .update(companyMembers)
    .set({ employeeId })
    .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.userId, userId)));
}

/** The member of the company an employee is bound to, if any. */
export async function findMemberIdByEmployee(exec: Executor, companyId: number, employeeId: number): Promise<number | null> {
  const rows = await exec
    .select({ userId: companyMembers.userId })
    .from(companyMembers)
    .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.employeeId, employeeId)))
    .limit(1);
  return rows[0]?.userId ?? null;
}

/** The employee, locked so two members cannot be bound to it at the same time. */
export async function findEmployeeForUpdate(exec: Executor, companyId: number, employeeId: number): Promise<{ id: number; name: string; status: number } | null> {
  const rows = await exec
    .select({ id: employees.id, name: employees.name, status: employees.status })
    .from(employees)
    .where(and(eq(employees.companyId, companyId), eq(employees.id, employeeId)))
    .limit(1)
    .for('update');
  return rows[0] ?? null;
}

export async function findEmployeeName(exec: Executor, companyId: number, employeeId: number): Promise<string | null> {
  const rows = await exec
    .select({ name: employees.name })
    .from(employees)
    .where(and(eq(employees.companyId, companyId), eq(employees.id, employeeId)))
    .limit(1);
  return rows[0]?.name ?? null;
}

// ── user accounts (platform-wide; looked up by phone hash or id) ──

export async function findUserByPhoneHash(exec: Executor, phoneHash: string): Promise<{ id: number; nickname: string; status: number } | null> {
  const rows = await exec.select({ id: users.id, nickname: users.nickname, status: users.status }).from(users).where(eq(users.phoneHash, phoneHash)).limit(1);
  return rows[0] ?? null;
}

export async function updateUserNickname(exec: Executor, userId: number, nickname: string): Promise<void> {
  await exec.update(users).set({ nickname }).where(eq(users.id, userId));
}

export async function updateUserPassword(exec: Executor, userId: number, passwordHash: string): Promise<void> {
  await exec.update(users).set({ passwordHash }).where(eq(users.id, userId));
}

/** Ends the user's sessions, except the one given (a member changing their own password stays signed in). */
export async function revokeSessionsOfUser(exec: Executor, userId: number, exceptSessionId?: number): Promise<number> {
  const rows = await exec
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), exceptSessionId ? ne(sessions.id, exceptSessionId) : undefined))
    .returning({ id: sessions.id });
  return rows.length;
}

export async function findActiveCompany(exec: Executor, companyId: number): Promise<{ id: number; name: string } | null> {
  const rows = await exec
    .select({ id: companies.id, name: companies.name })
    .from(companies)
    .where(and(eq(companies.id, companyId), eq(companies.status, 1)))
    .limit(1);
  return rows[0] ?? null;
}

// ── reads across companies ──

/**
 * Runs a read that must see several companies' memberships from inside a tenant transaction: the
 * statement runs as the owner, then the transaction returns to the application role and its company.
 * Only membership facts about one user are read this way, never another company's records.
 */
async function readAcrossCompanies<T>(tx: Tx, homeCompanyId: number, read: () => Promise<T>): Promise<T> {
  await tx.execute(sql`reset role`);
  const result = await read();
  await setTenant(tx, homeCompanyId);
  return result;
}

/** How many other active companies the user is an active member of. */
export async function countOtherMemberships(tx: Tx, companyId: number, userId: number): Promise<number> {
  return readAcrossCompanies(tx, companyId, async () => {
    const rows = await tx
      .select({ n: count() })
      .from(companyMembers)
      .innerJoin(companies, eq(companies.id, companyMembers.companyId))
      .where(and(eq(companyMembers.userId, userId), ne(companyMembers.companyId, companyId), eq(companyMembers.status, 1), eq(companies.status, 1)));
    return Number(rows[0]?.n ?? 0);
  });
}

/** The active companies where the user is an active administrator. */
export async function listCompaniesAdministeredBy(tx: Tx, companyId: number, userId: number): Promise<{ id: number; name: string }[]> {
  return readAcrossCompanies(tx, companyId, () =>
    tx
      .select({ id: companies.id, name: companies.name })
      .from(companyMembers)
      .innerJoin(companies, eq(companies.id, companyMembers.companyId))
      .where(and(eq(companyMembers.userId, userId), eq(companyMembers.isAdmin, true), eq(companyMembers.status, 1), eq(companies.status, 1)))
      .orderBy(asc(companies.id)),
  );
}

/** Runs work as the application role in another company, then returns to the home company. */
export async function inOtherCompany<T>(tx: Tx, homeCompanyId: number, otherCompanyId: number, work: () => Promise<T>): Promise<T> {
  await setTenant(tx, otherCompanyId);
  const result = await work();
  await setTenant(tx, homeCompanyId);
  return result;
}
