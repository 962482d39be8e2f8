import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { siEntities, siInsured, siPortalLayouts } from '../../db/schema/index.ts';
import { rowsOf, type Executor } from '../../platform/db.ts';

export type EntityRow = typeof siEntities.$inferSelect;
export type NewEntity = Omit<typeof siEntities.$inferInsert, 'companyId' | 'id'>;
export type LayoutRow = typeof siPortalLayouts.$inferSelect;

export async function findEntity(exec: Executor, companyId: number, id: number): Promise<EntityRow | null> {
  const rows = await exec
    .select()
    .from(siEntities)
    .where(and(eq(siEntities.companyId, companyId), eq(siEntities.id, id), isNull(siEntities.archivedAt)));
  return rows[0] ?? null;
}

export async function listEntities(exec: Executor, companyId: number): Promise<EntityRow[]> {
  return exec
    .select()
    .from(siEntities)
    .where(and(eq(siEntities.companyId, companyId), isNull(siEntities.archivedAt)))
    .orderBy(siEntities.id);
}

/** A live entity of the company with this name, other than `exceptId`. */
export async function findEntityIdByName(exec: Executor, companyId: number, name: string, exceptId?: number): Promise<number | null> {
  const rows = await exec
    .select({ id: siEntities.id })
    .from(siEntities)
    .where(and(eq(siEntities.companyId, companyId), eq(siEntities.name, name), isNull(siEntities.archivedAt), exceptId ? ne(siEntities.id, exceptId) : undefined));
  return rows[0]?.id ?? null;
}

export async function insertEntity(exec: Executor, companyId: number, values: NewEntity): Promise<EntityRow> {
  const [row] = await exec.insert(siEntities).values({ ...values, companyId }).returning();
  return row!;
}

export async function updateEntity(exec: Executor, companyId: number, id: number, values: Partial<NewEntity>): Promise<EntityRow> {
  const [row] = await exec
    .update(siEntities)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(siEntities.companyId, companyId), eq(siEntities.id, id)))
    .returning();
  return row!;
}

/** Clears the default flag of every live entity but `exceptId`. */
export async function clearDefault(exec: Executor, companyId: number, exceptId?: number): Promise<void> {
  await exec
    .update(siEntities)
    .set({ isDefault: false })
    .where(and(eq(siEntities.companyId, companyId), eq(siEntities.isDefault, true), isNull(siEntities.archivedAt), exceptId ? ne(siEntities.id, exceptId) : undefined));
}

export async function archiveEntity(exec: Executor, companyId: number, id: number, by: number): Promise<void> {
  await exec
    .update(siEntities)
    .set({ archivedAt: new Date(), isDefault: false, updatedBy: by, updatedAt: new Date() })
    .where(and(eq(siEntities.companyId, companyId), eq(siEntities.id, id)));
}

/** Employees whose insurance is at each entity, every status but 停保. */
export async function countInsuredByEntity(exec: Executor, companyId: number, entityIds?: number[]): Promise<Map<number, number>> {
  const rows = await exec
    .select({ entityId: siInsured.entityId, n: sql<number>`count(*)::int` })
    .from(siInsured)
    .where(and(eq(siInsured.companyId, companyId), inArray(siInsured.status, [1, 2, 3]), entityIds ? inArray(siInsured.entityId, entityIds) : undefined))
    .groupBy(siInsured.entityId);
  return new Map(rows.map((r) => [Number(r.entityId), Number(r.n)]));
}

// ── Portal column sets ──

export async function findLayout(exec: Executor, companyId: number, city: string): Promise<LayoutRow | null> {
  const rows = await exec
    .select()
    .from(siPortalLayouts)
    .where(and(eq(siPortalLayouts.companyId, companyId), eq(siPortalLayouts.city, city)));
  return rows[0] ?? null;
}

export async function listLayouts(exec: Executor, companyId: number): Promise<LayoutRow[]> {
  return exec.select().from(siPortalLayouts).where(eq(siPortalLayouts.companyId, companyId)).orderBy(siPortalLayouts.city);
}

export async function upsertLayout(exec: Executor, row: Omit<typeof siPortalLayouts.$inferInsert, 'updatedAt'>): Promise<void> {
  await exec
    .insert(siPortalLayouts)
    .values(row)
    .onConflictDoUpdate({ target: [siPortalLayouts.companyId, siPortalLayouts.city], set: { sheetName: row.sheetName, columns: row.columns, updatedBy: row.updatedBy, updatedAt: new Date() } });
}

export async function deleteLayout(exec: Executor, companyId: number, city: string): Promise<boolean> {
  const r = rowsOf<{ city: string }>(await exec.execute(sql`delete from si_portal_layouts where company_id = ${companyId} and city = ${city} returning city`));
  return r.length > 0;
}
