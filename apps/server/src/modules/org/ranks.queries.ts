import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { rankCategories, ranks } from '../../db/schema/index.ts';
import type { Executor } from '../../platform/db.ts';

export type RankCategoryRow = typeof rankCategories.$inferSelect;
export type RankRow = typeof ranks.$inferSelect;

const DELETED = 9;

// ── categories ──

export async function listCategories(exec: Executor, companyId: number): Promise<(RankCategoryRow & { rankCount: number })[]> {
  const rows = await exec
    .select({
      c: rankCategories,
      rankCount: sql<number>`(select count(*) from ranks r where r.company_id = rank_categories.company_id and r.category_id = rank_categories.id and r.status <> 9)::int`,
    })
    .from(rankCategories)
    .where(and(eq(rankCategories.companyId, companyId), ne(rankCategories.status, DELETED)))
    .orderBy(asc(rankCategories.sort), asc(rankCategories.id));
  return rows.map((r) => ({ ...r.c, rankCount: Number(r.rankCount) }));
}

export async function findCategory(exec: Executor, companyId: number, id: number): Promise<RankCategoryRow | null> {
  const rows = await exec
    .select()
    .from(rankCategories)
    .where(and(eq(rankCategories.companyId, companyId), eq(rankCategories.id, id), ne(rankCategories.status, DELETED)))
    .limit(1);
  return rows[0] ?? null;
}

export async function findCategoryIdByName(exec: Executor, companyId: number, name: string, exceptId?: number): Promise<number | null> {
  const rows = await exec
    .select({ id: rankCategories.id })
    .from(rankCategories)
    .where(and(eq(rankCategories.companyId, companyId), ne(rankCategories.status, DELETED), eq(rankCategories.name, name), exceptId === undefined ? undefined : ne(rankCategories.id, exceptId)))
    .limit(1);
  return rows[0]?.id ?? null;
}

export type CategoryValues = { name: string; code: string | null; sort: number };

export async function insertCategory(exec: Executor, companyId: number, v: CategoryValues): Promise<RankCategoryRow> {
  const [row] = await exec
    .insert(rankCategories)
    .values({ companyId, ...v })
    .returning();
  return row!;
}

export async function updateCategory(exec: Executor, companyId: number, id: number, patch: Partial<CategoryValues & { status: number }>): Promise<void> {
  await exec
    .update(rankCategories)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(rankCategories.companyId, companyId), eq(rankCategories.id, id)));
}

// ── ranks ──

export type RankWithCategory = RankRow & { categoryName: string };

export async function listRanks(exec: Executor, companyId: number, categoryId: number | null): Promise<RankWithCategory[]> {
  const rows = await exec
    .select({ r: ranks, categoryName: rankCategories.name })
    .from(ranks)
    .innerJoin(rankCategories, and(eq(rankCategories.companyId, ranks.companyId), eq(rankCategories.id, ranks.categoryId)))
    .where(and(eq(ranks.companyId, companyId), ne(ranks.status, DELETED), ne(rankCategories.status, DELETED), categoryId === null ? undefined : eq(ranks.categoryId, categoryId)))
    .orderBy(asc(rankCategories.sort), asc(rankCategories.id), asc(ranks.level), asc(ranks.id));
  return rows.map((r) => ({ ...r.r, categoryName: r.categoryName }));
}

export async function findRank(exec: Executor, companyId: number, id: number): Promise<RankWithCategory | null> {
  const rows = await exec
    .select({ r: ranks, categoryName: rankCategories.name })
    .from(ranks)
    .innerJoin(rankCategories, and(eq(rankCategories.companyId, ranks.companyId), eq(rankCategories.id, ranks.categoryId)))
    .where(and(eq(ranks.companyId, companyId), eq(ranks.id, id), ne(ranks.status, DELETED)))
    .limit(1);
  return rows[0] ? { ...rows[0].r, categoryName: rows[0].categoryName } : null;
}

export async function findRankIdByName(exec: Executor, companyId: number, categoryId: number, name: string, exceptId?: number): Promise<number | null> {
  const rows = await exec
    .select({ id: ranks.id })
    .from(ranks)
    .where(and(eq(ranks.companyId, companyId), ne(ranks.status, DELETED), eq(ranks.categoryId, categoryId), eq(ranks.name, name), exceptId === undefined ? undefined : ne(ranks.id, exceptId)))
    .limit(1);
  return rows[0]?.id ?? null;
}

export type RankValues = { categoryId: number; name: string; level: number; payMin: string | null; payMax: string | null };

export async function insertRank(exec: Executor, companyId: number, v: RankValues): Promise<RankRow> {
  const [row] = await exec
    .insert(ranks)
    .values({ companyId, ...v })
    .returning();
  return row!;
}

export async function updateRank(exec: Executor, companyId: number, id: number, patch: Partial<RankValues & { status: number }>): Promise<void> {
  await exec
    .update(ranks)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(ranks.companyId, companyId), eq(ranks.id, id)));
}
