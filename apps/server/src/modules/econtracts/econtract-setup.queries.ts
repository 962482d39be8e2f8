import { and, asc, count, desc, eq, ilike, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { contractTemplates, contractTypes, contractWatermarks, signPackages, signScenes } from '../../db/schema/index.ts';
import type { Executor } from '../../platform/db.ts';
import { like } from './econtracts.queries.ts';

/** The e-contract setup's reads and writes: contract types, templates, the watermark, packages and scenes; each takes the company id. */

export type ContractTypeRow = typeof contractTypes.$inferSelect;
export type TemplateRow = typeof contractTemplates.$inferSelect;
export type PackageRow = typeof signPackages.$inferSelect;
export type SceneRow = typeof signScenes.$inferSelect;

// ── Contract types ──

export async function listContractTypes(exec: Executor, companyId: number): Promise<(ContractTypeRow & { templateCount: number })[]> {
  const rows = await exec
    .select({ t: contractTypes, n: sql<number>`(select count(*) from contract_templates ct where ct.company_id = ${contractTypes.companyId} and ct.contract_type_id = ${contractTypes.id} and ct.archived_at is null)` })
    .from(contractTypes)
    .where(and(eq(contractTypes.companyId, companyId), isNull(contractTypes.archivedAt)))
    .orderBy(asc(contractTypes.id));
  return rows.map((r) => ({ ...r.t, templateCount: Number(r.n) }));
}

export async function findContractType(exec: Executor, companyId: number, id: number): Promise<ContractTypeRow | null> {
  const [row] = await exec
    .select()
    .from(contractTypes)
    .where(and(eq(contractTypes.companyId, companyId), eq(contractTypes.id, id), isNull(contractTypes.archivedAt)))
    .limit(1);
  return row ?? null;
}

export async function findContractTypeByName(exec: Executor, companyId: number, name: string): Promise<ContractTypeRow | null> {
  const [row] = await exec
    .select()
    .from(contractTypes)
    .where(and(eq(contractTypes.companyId, companyId), eq(contractTypes.name, name), isNull(contractTypes.archivedAt)))
    .limit(1);
  return row ?? null;
}

export async function countContractTypes(exec: Executor, companyId: number): Promise<number> {
  const [r] = await exec.select({ n: count() }).from(contractTypes).where(eq(contractTypes.companyId, companyId));
  return Number(r?.n ?? 0);
}

export async function insertContractType(exec: Executor, v: typeof contractTypes.$inferInsert): Promise<ContractTypeRow> {
  return (await exec.insert(contractTypes).values(v).returning())[0]!;
}

export async function updateContractType(exec: Executor, companyId: number, id: number, set: Partial<ContractTypeRow>): Promise<void> {
  await exec
    .update(contractTypes)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(contractTypes.companyId, companyId), eq(contractTypes.id, id)));
}

export async function countTemplatesOfType(exec: Executor, companyId: number, typeId: number): Promise<number> {
  const [r] = await exec
    .select({ n: count() })
    .from(contractTemplates)
    .where(and(eq(contractTemplates.companyId, companyId), eq(contractTemplates.contractTypeId, typeId), isNull(contractTemplates.archivedAt)));
  return Number(r?.n ?? 0);
}

// ── Templates ──

export async function findTemplate(exec: Executor, companyId: number, id: number): Promise<TemplateRow | null> {
  const [row] = await exec
    .select()
    .from(contractTemplates)
    .where(and(eq(contractTemplates.companyId, companyId), eq(contractTemplates.id, id), isNull(contractTemplates.archivedAt)))
    .limit(1);
  return row ?? null;
}

export async function listTemplatesPage(
  exec: Executor,
  companyId: number,
  f: { name?: string; contractTypeId?: number },
  offset: number,
  limit: number,
): Promise<{ rows: (TemplateRow & { typeName: string | null })[]; total: number }> {
  const parts: SQL[] = [eq(contractTemplates.companyId, companyId), isNull(contractTemplates.archivedAt)];
  if (f.name) parts.push(ilike(contractTemplates.name, like(f.name)));
  if (f.contractTypeId) parts.push(eq(contractTemplates.contractTypeId, f.contractTypeId));
  const where = and(...parts)!;
  const [total] = await exec.select({ n: count() }).from(contractTemplates).where(where);
  const rows = await exec
    .select({ t: contractTemplates, typeName: contractTypes.name })
    .from(contractTemplates)
    .leftJoin(contractTypes, and(eq(contractTypes.companyId, contractTemplates.companyId), eq(contractTypes.id, contractTemplates.contractTypeId)))
    .where(where)
    .orderBy(desc(contractTemplates.updatedAt), desc(contractTemplates.id))
    .offset(offset)
    .limit(limit);
  return { rows: rows.map((r) => ({ ...r.t, typeName: r.typeName })), total: Number(total?.n ?? 0) };
}

export async function insertTemplate(exec: Executor, v: typeof contractTemplates.$inferInsert): Promise<TemplateRow> {
  return (await exec.insert(contractTemplates).values(v).returning())[0]!;
}

export async function updateTemplate(exec: Executor, companyId: number, id: number, set: Partial<TemplateRow>): Promise<void> {
  await exec
    .update(contractTemplates)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(contractTemplates.companyId, companyId), eq(contractTemplates.id, id)));
}

export async function listTemplateNames(exec: Executor, companyId: number, ids: number[]): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  if (ids.length === 0) return out;
  for (const t of await exec
    .select({ id: contractTemplates.id, name: contractTemplates.name })
    .from(contractTemplates)
    .where(and(eq(contractTemplates.companyId, companyId), inArray(contractTemplates.id, ids), isNull(contractTemplates.archivedAt)))) {
    out.set(t.id, t.name);
  }
  return out;
}

/** Names of live packages that contain the template. */
export async function listPackagesUsingTemplate(exec: Executor, companyId: number, templateId: number): Promise<string[]> {
  const rows = await exec
    .select({ name: signPackages.name })
    .from(signPackages)
    .where(and(eq(signPackages.companyId, companyId), isNull(signPackages.archivedAt), sql`${signPackages.templateIds} @> ${JSON.stringify([templateId])}::jsonb`));
  return rows.map((r) => r.name);
}

// ── Watermark ──

export async function findWatermark(exec: Executor, companyId: number): Promise<{ enabled: boolean; text: string } | null> {
  const [row] = await exec.select().from(contractWatermarks).where(eq(contractWatermarks.companyId, companyId)).limit(1);
  return row ? { enabled: row.enabled, text: row.text } : null;
}

export async function upsertWatermark(exec: Executor, companyId: number, v: { enabled: boolean; text: string }): Promise<void> {
  await exec
    .insert(contractWatermarks)
    .values({ companyId, ...v })
    .onConflictDoUpdate({ target: contractWatermarks.companyId, set: { ...v, updatedAt: new Date() } });
}

// ── Packages ──

export async function findPackage(exec: Executor, companyId: number, id: number): Promise<PackageRow | null> {
  const [row] = await exec
    .select()
    .from(signPackages)
    .where(and(eq(signPackages.companyId, companyId), eq(signPackages.id, id), isNull(signPackages.archivedAt)))
    .limit(1);
  return row ?? null;
}

export async function listPackagesPage(exec: Executor, companyId: number, name: string | undefined, offset: number, limit: number): Promise<{ rows: PackageRow[]; total: number }> {
  const parts: SQL[] = [eq(signPackages.companyId, companyId), isNull(signPackages.archivedAt)];
  if (name) parts.push(ilike(signPackages.name, like(name)));
  const where = and(...parts)!;
  const [total] = await exec.select({ n: count() }).from(signPackages).where(where);
  const rows = await exec
    .select()
    .from(signPackages)
    .where(where)
    .orderBy(desc(signPackages.updatedAt), desc(signPackages.id))
    .offset(offset)
    .limit(limit);
  return { rows, total: Number(total?.n ?? 0) };
}

export async function listAllPackages(exec: Executor, companyId: number): Promise<PackageRow[]> {
  return exec
    .select()
    .from(signPackages)
    .where(and(eq(signPackages.companyId, companyId), isNull(signPackages.archivedAt)))
    .orderBy(asc(signPackages.id));
}

export async function insertPackage(exec: Executor, v: typeof signPackages.$inferInsert): Promise<PackageRow> {
  return (await exec.insert(signPackages).values(v).returning())[0]!;
}

export async function updatePackage(exec: Executor, companyId: number, id: number, set: Partial<PackageRow>): Promise<void> {
  await exec
    .update(signPackages)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(signPackages.companyId, companyId), eq(signPackages.id, id)));
}

export async function listPackageNames(exec: Executor, companyId: number, ids: number[]): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  if (ids.length === 0) return out;
  for (const p of await exec
    .select({ id: signPackages.id, name: signPackages.name })
    .from(signPackages)
    .where(and(eq(signPackages.companyId, companyId), inArray(signPackages.id, ids), isNull(signPackages.archivedAt)))) {
    out.set(p.id, p.name);
  }
  return out;
}

export async function listScenesUsingPackage(exec: Executor, companyId: number, packageId: number): Promise<string[]> {
  const rows = await exec
    .select({ name: signScenes.name })
    .from(signScenes)
    .where(and(eq(signScenes.companyId, companyId), isNull(signScenes.archivedAt), sql`${signScenes.packageIds} @> ${JSON.stringify([packageId])}::jsonb`));
  return rows.map((r) => r.name);
}

// ── Scenes ──

export async function listSceneRows(exec: Executor, companyId: number, dealCode: number | undefined, onlyEnabled: boolean): Promise<SceneRow[]> {
  const parts: SQL[] = [eq(signScenes.companyId, companyId), isNull(signScenes.archivedAt)];
  if (dealCode !== undefined) parts.push(eq(signScenes.dealCode, dealCode));
  if (onlyEnabled) parts.push(eq(signScenes.enabled, true));
  return exec
    .select()
    .from(signScenes)
    .where(and(...parts))
    .orderBy(asc(signScenes.dealCode), asc(signScenes.id));
}

export async function findScene(exec: Executor, companyId: number, id: number): Promise<SceneRow | null> {
  const [row] = await exec
    .select()
    .from(signScenes)
    .where(and(eq(signScenes.companyId, companyId), eq(signScenes.id, id), isNull(signScenes.archivedAt)))
    .limit(1);
  return row ?? null;
}

export async function insertScenes(exec: Executor, v: (typeof signScenes.$inferInsert)[]): Promise<SceneRow[]> {
  return exec.insert(signScenes).values(v).returning();
}

export async function updateScene(exec: Executor, companyId: number, id: number, set: Partial<SceneRow>): Promise<void> {
  await exec
    .update(signScenes)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(signScenes.companyId, companyId), eq(signScenes.id, id)));
}
