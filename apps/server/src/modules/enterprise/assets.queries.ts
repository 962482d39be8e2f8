import { and, asc, desc, eq, ilike, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { assetCategories, assetEvents, assets, assetSettings, employees, users } from '../../db/schema/index.ts';
import type { Executor } from '../../platform/db.ts';

/** 资产中心 rows: categories, assets with their holder, events, the company setting. */

export type CategoryRow = typeof assetCategories.$inferSelect;
export type AssetRow = typeof assets.$inferSelect;
export type NewAsset = Omit<typeof assets.$inferInsert, 'companyId' | 'id'>;
export type AssetListRow = AssetRow & { categoryName: string; holderName: string | null; holderNo: string | null };
export type AssetFilter = { keyword?: string; categoryId?: number; status?: number; holderEmployeeId?: number };

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (m) => `\\${m}`);

export async function listCategories(exec: Executor, companyId: number): Promise<(CategoryRow & { assetCount: number })[]> {
  const assetCount = sql<number>`(select count(*)::int from ${assets} where ${assets.companyId} = ${assetCategories.companyId} and ${assets.categoryId} = ${assetCategories.id})`;
  return exec
    .select({ id: assetCategories.id, companyId: assetCategories.companyId, name: assetCategories.name, status: assetCategories.status, sort: assetCategories.sort, createdAt: assetCategories.createdAt, assetCount })
    .from(assetCategories)
    .where(eq(assetCategories.companyId, companyId))
    .orderBy(asc(assetCategories.sort), asc(assetCategories.id));
}

export async function findCategory(exec: Executor, companyId: number, id: number): Promise<CategoryRow | null> {
  const rows = await exec.select().from(assetCategories).where(and(eq(assetCategories.companyId, companyId), eq(assetCategories.id, id))).limit(1);
  return rows[0] ?? null;
}

export async function findCategoryIdByName(exec: Executor, companyId: number, name: string, exceptId?: number): Promise<number | null> {
  const rows = await exec
    .select({ id: assetCategories.id })
    .from(assetCategories)
    .where(and(eq(assetCategories.companyId, companyId), eq(assetCategories.name, name), exceptId ? ne(assetCategories.id, exceptId) : undefined))
    .limit(1);
  return rows[0]?.id ?? null;
}

export async function insertCategories(exec: Executor, companyId: number, names: readonly string[], firstSort = 0): Promise<CategoryRow[]> {
  if (names.length === 0) return [];
  return exec
    .insert(assetCategories)
    .values(names.map((name, i) => ({ companyId, name, sort: firstSort + i })))
    .onConflictDoNothing()
    .returning();
}

export async function maxCategorySort(exec: Executor, companyId: number): Promise<number> {
  const [row] = await exec.select({ n: sql<number>`coalesce(max(${assetCategories.sort}), -1)::int` }).from(assetCategories).where(eq(assetCategories.companyId, companyId));
  return Number(row?.n ?? -1);
}

export async function updateCategory(exec: Executor, companyId: number, id: number, set: { name?: string; status?: number }): Promise<CategoryRow> {
  const [row] = await exec.update(assetCategories).set(set).where(and(eq(assetCategories.companyId, companyId), eq(assetCategories.id, id))).returning();
  return row!;
}

export async function deleteCategory(exec: Executor, companyId: number, id: number): Promise<void> {
  await exec.delete(assetCategories).where(and(eq(assetCategories.companyId, companyId), eq(assetCategories.id, id)));
}

export async function countAssetsInCategory(exec: Executor, companyId: number, categoryId: number): Promise<number> {
  const [row] = await exec.select({ n: sql<number>`count(*)::int` }).from(assets).where(and(eq(assets.companyId, companyId), eq(assets.categoryId, categoryId)));
  return Number(row?.n ?? 0);
}

function filterWhere(companyId: number, f: AssetFilter): SQL | undefined {
  const kw = f.keyword ? `%${escapeLike(f.keyword)}%` : null;
  return and(
    eq(assets.companyId, companyId),
    f.categoryId ? eq(assets.categoryId, f.categoryId) : undefined,
    f.status ? eq(assets.status, f.status) : undefined,
    f.holderEmployeeId ? eq(assets.holderEmployeeId, f.holderEmployeeId) : undefined,
    kw ? or(ilike(assets.assetNo, kw), ilike(assets.name, kw), ilike(assets.brandModel, kw), ilike(assets.serialNo, kw), ilike(employees.name, kw)) : undefined,
  );
}

const listColumns = {
  row: assets,
  categoryName: sql<string>`coalesce(${assetCategories.name}, '')`,
  holderName: employees.name,
  holderNo: employees.employeeNo,
};

function joined(exec: Executor) {
  return exec
    .select(listColumns)
    .from(assets)
    .leftJoin(assetCategories, and(eq(assetCategories.companyId, assets.companyId), eq(assetCategories.id, assets.categoryId)))
    .leftJoin(employees, and(eq(employees.companyId, assets.companyId), eq(employees.id, assets.holderEmployeeId)));
}

const flatten = (r: { row: AssetRow; categoryName: string; holderName: string | null; holderNo: string | null }): AssetListRow => ({ ...r.row, categoryName: r.categoryName, holderName: r.holderName, holderNo: r.holderNo });

export async function listAssetsPage(exec: Executor, companyId: number, f: AssetFilter, offset: number, limit: number): Promise<{ rows: AssetListRow[]; total: number }> {
  const where = filterWhere(companyId, f);
  const rows = await joined(exec).where(where).orderBy(desc(assets.id)).offset(offset).limit(limit);
  const [count] = await exec
    .select({ n: sql<number>`count(*)::int` })
    .from(assets)
    .leftJoin(employees, and(eq(employees.companyId, assets.companyId), eq(employees.id, assets.holderEmployeeId)))
    .where(where);
  return { rows: rows.map(flatten), total: Number(count?.n ?? 0) };
}

export async function findAsset(exec: Executor, companyId: number, id: number): Promise<AssetListRow | null> {
  const rows = await joined(exec).where(and(eq(assets.companyId, companyId), eq(assets.id, id))).limit(1);
  return rows[0] ? flatten(rows[0]) : null;
}

/** Count and value of each status, under the filter without its status. */
export async function assetStatusTotals(exec: Executor, companyId: number, f: AssetFilter): Promise<{ status: number; count: number; value: string }[]> {
  const rows = await exec
    .select({ status: assets.status, n: sql<number>`count(*)::int`, value: sql<string>`coalesce(sum(${assets.value}), 0)::text` })
    .from(assets)
    .leftJoin(employees, and(eq(employees.companyId, assets.companyId), eq(employees.id, assets.holderEmployeeId)))
    .where(filterWhere(companyId, { ...f, status: undefined }))
    .groupBy(assets.status);
  return rows.map((r) => ({ status: Number(r.status), count: Number(r.n), value: r.value }));
}

export async function findAssetIdByNo(exec: Executor, companyId: number, assetNo: string, exceptId?: number): Promise<number | null> {
  const rows = await exec
    .select({ id: assets.id })
    .from(assets)
    .where(and(eq(assets.companyId, companyId), sql`lower(${assets.assetNo}) = lower(${assetNo})`, exceptId ? ne(assets.id, exceptId) : undefined))
    .limit(1);
  return rows[0]?.id ?? null;
}

/** The asset numbers of the company that start with the prefix (for the next generated number). */
export async function listAssetNosWithPrefix(exec: Executor, companyId: number, prefix: string): Promise<string[]> {
  const rows = await exec
    .select({ no: assets.assetNo })
    .from(assets)
    .where(and(eq(assets.companyId, companyId), ilike(assets.assetNo, `${escapeLike(prefix)}%`)));
  return rows.map((r) => r.no);
}

export async function insertAsset(exec: Executor, companyId: number, v: NewAsset): Promise<AssetRow> {
  const [row] = await exec.insert(assets).values({ ...v, companyId }).returning();
  return row!;
}

/** Updates the asset only while it is in one of the statuses `from`; null when it is not (anymore). */
export async function updateAsset(exec: Executor, companyId: number, id: number, from: readonly number[], set: Partial<NewAsset>): Promise<AssetRow | null> {
  const [row] = await exec
    .update(assets)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(assets.companyId, companyId), eq(assets.id, id), inArray(assets.status, [...from])))
    .returning();
  return row ?? null;
}

export async function insertAssetEvent(exec: Executor, v: Omit<typeof assetEvents.$inferInsert, 'id' | 'at'>): Promise<void> {
  await exec.insert(assetEvents).values(v);
}

export async function listAssetEvents(exec: Executor, companyId: number, assetId: number) {
  return exec
    .select({ event: assetEvents, employeeName: employees.name, actorName: users.nickname })
    .from(assetEvents)
    .leftJoin(employees, and(eq(employees.companyId, assetEvents.companyId), eq(employees.id, assetEvents.employeeId)))
    .leftJoin(users, eq(users.id, assetEvents.actorUserId))
    .where(and(eq(assetEvents.companyId, companyId), eq(assetEvents.assetId, assetId)))
    .orderBy(desc(assetEvents.at), desc(assetEvents.id));
}

/** The employee an asset may be issued to: the company's, with status and department. */
export async function findEmployeeForIssue(exec: Executor, companyId: number, employeeId: number): Promise<{ id: number; name: string; status: number; departmentId: number | null; archived: boolean } | null> {
  const rows = await exec
    .select({ id: employees.id, name: employees.name, status: employees.status, departmentId: employees.departmentId, archivedAt: employees.archivedAt })
    .from(employees)
    .where(and(eq(employees.companyId, companyId), eq(employees.id, employeeId)))
    .limit(1);
  const r = rows[0];
  return r ? { id: r.id, name: r.name, status: r.status, departmentId: r.departmentId, archived: r.archivedAt !== null } : null;
}

/** Assets still held (已领用) by these employees, with the holder's name. */
export async function listHeldAssets(exec: Executor, companyId: number, employeeIds: readonly number[]): Promise<AssetListRow[]> {
  if (employeeIds.length === 0) return [];
  const rows = await joined(exec)
    .where(and(eq(assets.companyId, companyId), eq(assets.status, 2), inArray(assets.holderEmployeeId, [...employeeIds])))
    .orderBy(asc(assets.holderEmployeeId), asc(assets.assetNo));
  return rows.map(flatten);
}

export async function findSettings(exec: Executor, companyId: number): Promise<{ blockQuit: boolean } | null> {
  const rows = await exec.select({ blockQuit: assetSettings.blockQuit }).from(assetSettings).where(eq(assetSettings.companyId, companyId)).limit(1);
  return rows[0] ?? null;
}

export async function upsertSettings(exec: Executor, companyId: number, blockQuit: boolean): Promise<void> {
  await exec
    .insert(assetSettings)
    .values({ companyId, blockQuit })
    .onConflictDoUpdate({ target: assetSettings.companyId, set: { blockQuit, updatedAt: new Date() } });
}

/** For the demo seed: some of the company's on-job employees. */
export async function listOnJobEmployeeIds(exec: Executor, companyId: number, limit: number): Promise<number[]> {
  const rows = await exec
    .select({ id: employees.id })
    .from(employees)
    .where(and(eq(employees.companyId, companyId), isNull(employees.archivedAt), inArray(employees.status, [1, 2])))
    .orderBy(asc(employees.id))
    .limit(limit);
  return rows.map((r) => r.id);
}
