import { and, eq, isNull } from 'drizzle-orm';
import { siEntities } from '../../db/schema/index.ts';
import type { Executor } from '../../platform/db.ts';

export type EntityRow = typeof siEntities.$inferSelect;

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

