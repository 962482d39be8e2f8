import { and, count, desc, eq, ilike, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { companies, dataPermissions, roles, sealUsageLog, seals, userRoles, users } from '../../db/schema/index.ts';
import { rowsOf, type Executor } from '../../platform/db.ts';

export type SealRow = typeof seals.$inferSelect;
export type SealListRow = SealRow & { createdByName: string | null };

export async function findCompanyName(exec: Executor, companyId: number): Promise<string | null> {
  const rows = await exec.select({ name: companies.name }).from(companies).where(eq(companies.id, companyId)).limit(1);
  return rows[0]?.name ?? null;
}

export async function listCompanyIds(exec: Executor): Promise<{ id: number; name: string }[]> {
  return exec.select({ id: companies.id, name: companies.name }).from(companies).orderBy(companies.id);
}

export async function insertSeal(exec: Executor, v: typeof seals.$inferInsert): Promise<SealRow> {
  const rows = await exec.insert(seals).values(v).returning();
  return rows[0]!;
}

/** A live (not removed) seal of the company. */
export async function findSeal(exec: Executor, companyId: number, id: number): Promise<SealRow | null> {
  const rows = await exec
    .select()
    .from(seals)
    .where(and(eq(seals.companyId, companyId), eq(seals.id, id), isNull(seals.archivedAt)))
    .limit(1);
  return rows[0] ?? null;
}

export async function countLiveSeals(exec: Executor, companyId: number): Promise<number> {
  const rows = await exec.select({ n: count() }).from(seals).where(and(eq(seals.companyId, companyId), isNull(seals.archivedAt)));
  return Number(rows[0]?.n ?? 0);
}

export type SealFilter = { name?: string; status?: number; onlyIds: number[] | null };

function sealWhere(companyId: number, f: SealFilter): SQL {
  const parts: SQL[] = [eq(seals.companyId, companyId), isNull(seals.archivedAt)];
  if (f.name) parts.push(ilike(seals.name, `%${f.name.replace(/[\\%_]/g, (m) => `\\${m}`)}%`));
  if (f.status !== undefined) parts.push(eq(seals.status, f.status));
  if (f.onlyIds) parts.push(f.onlyIds.length > 0 ? inArray(seals.id, f.onlyIds) : sql`false`);
  return and(...parts)!;
}

export async function listSealsPage(exec: Executor, companyId: number, f: SealFilter, offset: number, limit: number): Promise<{ rows: SealListRow[]; total: number }> {
  const where = sealWhere(companyId, f);
  const [totalRow] = await exec.select({ n: count() }).from(seals).where(where);
  const rows = await exec
    .select({ seal: seals, createdByName: users.nickname })
    .from(seals)
    .leftJoin(users, eq(users.id, seals.createdBy))
    .where(where)
    .orderBy(desc(seals.createdAt), desc(seals.id))
    .offset(offset)
    .limit(limit);
  return { rows: rows.map((r) => ({ ...r.seal, createdByName: r.createdByName })), total: Number(totalRow?.n ?? 0) };
}

export async function updateSeal(exec: Executor, companyId: number, id: number, set: Partial<Pick<SealRow, 'status' | 'archivedAt'>>): Promise<SealRow | null> {
  const rows = await exec
    .update(seals)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(seals.companyId, companyId), eq(seals.id, id), isNull(seals.archivedAt)))
    .returning();
  return rows[0] ?? null;
}

/** Enabled live seals of these types, by type in the order given, then oldest first; `onlyIds` limits them (null: all). */
export async function listEnabledSeals(exec: Executor, companyId: number, types: readonly number[], onlyIds: number[] | null): Promise<SealRow[]> {
  if (types.length === 0 || (onlyIds && onlyIds.length === 0)) return [];
  return exec
    .select()
    .from(seals)
    .where(and(eq(seals.companyId, companyId), isNull(seals.archivedAt), eq(seals.status, 1), inArray(seals.type, [...types]), onlyIds ? inArray(seals.id, onlyIds) : undefined))
    .orderBy(sql`array_position(array[${sql.join(types.map((t) => sql`${t}::smallint`), sql`, `)}], ${seals.type})`, seals.createdAt, seals.id);
}

export async function insertSealUsage(exec: Executor, v: typeof sealUsageLog.$inferInsert): Promise<void> {
  await exec.insert(sealUsageLog).values(v);
}

/**
 * The seal data permission of a member through their active roles: every seal when one role allows
 * all, otherwise the union of the chosen seal ids (none when no role has one).
 */
export async function findMemberSealScope(exec: Executor, companyId: number, userId: number): Promise<{ all: boolean; ids: number[] }> {
  const rows = await exec
    .select({ allTargets: dataPermissions.allTargets, targetIds: dataPermissions.targetIds })
    .from(userRoles)
    .innerJoin(roles, and(eq(roles.companyId, userRoles.companyId), eq(roles.id, userRoles.roleId), eq(roles.status, 1)))
    .innerJoin(dataPermissions, and(eq(dataPermissions.companyId, userRoles.companyId), eq(dataPermissions.roleId, userRoles.roleId), eq(dataPermissions.kind, 'seal')))
    .where(and(eq(userRoles.companyId, companyId), eq(userRoles.userId, userId)));
  if (rows.some((r) => r.allTargets)) return { all: true, ids: [] };
  const ids = new Set<number>();
  for (const r of rows) for (const id of r.targetIds ?? []) if (Number.isSafeInteger(id)) ids.add(Number(id));
  return { all: false, ids: [...ids] };
}

/** For tests and the seed: seal usage rows of one seal, oldest first. */
export async function listSealUsage(exec: Executor, companyId: number, sealId: number): Promise<{ action: string; userId: number | null; contractId: number | null }[]> {
  return rowsOf(
    await exec.execute(sql`select action, user_id as "userId", contract_id as "contractId" from seal_usage_log where company_id = ${companyId} and seal_id = ${sealId} order by id`),
  );
}
