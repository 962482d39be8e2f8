import { and, asc, eq, getTableColumns, inArray, isNull, ne, sql } from 'drizzle-orm';
import { contractTemplates, contractTypes, files, osClients, osPlans, payrollGroups, siEntities, signPackages } from '../../db/schema/index.ts';
import type { Executor } from '../../platform/db.ts';

/** 方案 rows, the names of what they use, and the contract templates reachable through their packages. */

export type PlanRow = typeof osPlans.$inferSelect;
export type NewPlan = Omit<typeof osPlans.$inferInsert, 'companyId' | 'id'>;

export type PlanListRow = PlanRow & { salaryGroupName: string | null; siEntityName: string | null; contractPackageName: string | null; clientCount: number };

export async function listPlans(exec: Executor, companyId: number): Promise<PlanListRow[]> {
  const clientCount = sql<number>`(select count(*)::int from ${osClients} where ${osClients.companyId} = ${osPlans.companyId} and ${osClients.planId} = ${osPlans.id} and ${osClients.archivedAt} is null)`;
  return exec
    .select({
      ...getTableColumns(osPlans),
      salaryGroupName: payrollGroups.name,
      siEntityName: siEntities.name,
      contractPackageName: signPackages.name,
      clientCount,
    })
    .from(osPlans)
    .leftJoin(payrollGroups, and(eq(payrollGroups.companyId, osPlans.companyId), eq(payrollGroups.id, osPlans.salaryGroupId), isNull(payrollGroups.archivedAt)))
    .leftJoin(siEntities, and(eq(siEntities.companyId, osPlans.companyId), eq(siEntities.id, osPlans.siEntityId), isNull(siEntities.archivedAt)))
    .leftJoin(signPackages, and(eq(signPackages.companyId, osPlans.companyId), eq(signPackages.id, osPlans.contractPackageId), isNull(signPackages.archivedAt)))
    .where(and(eq(osPlans.companyId, companyId), isNull(osPlans.archivedAt)))
    .orderBy(asc(osPlans.id));
}

export async function findPlanIdByName(exec: Executor, companyId: number, name: string, exceptId?: number): Promise<number | null> {
  const rows = await exec
    .select({ id: osPlans.id })
    .from(osPlans)
    .where(and(eq(osPlans.companyId, companyId), eq(osPlans.name, name), isNull(osPlans.archivedAt), exceptId ? ne(osPlans.id, exceptId) : undefined))
    .limit(1);
  return rows[0]?.id ?? null;
}

export async function insertPlan(exec: Executor, companyId: number, values: NewPlan): Promise<PlanRow> {
  const [row] = await exec.insert(osPlans).values({ ...values, companyId }).returning();
  return row!;
}

export async function updatePlan(exec: Executor, companyId: number, id: number, values: Partial<NewPlan>): Promise<PlanRow> {
  const [row] = await exec
    .update(osPlans)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(osPlans.companyId, companyId), eq(osPlans.id, id)))
    .returning();
  return row!;
}

export async function archivePlan(exec: Executor, companyId: number, id: number, userId: number): Promise<void> {
  await exec.update(osPlans).set({ archivedAt: new Date(), updatedBy: userId }).where(and(eq(osPlans.companyId, companyId), eq(osPlans.id, id)));
}

/** Names of the live clients buying the plan. */
export async function clientNamesOfPlan(exec: Executor, companyId: number, planId: number): Promise<string[]> {
  const rows = await exec
    .select({ name: osClients.name })
    .from(osClients)
    .where(and(eq(osClients.companyId, companyId), eq(osClients.planId, planId), isNull(osClients.archivedAt)))
    .orderBy(asc(osClients.id));
  return rows.map((r) => r.name);
}

/** The name of the company's live salary group, SI entity or contract package with this id; null when it is not one. */
export async function salaryGroupName(exec: Executor, companyId: number, id: number): Promise<string | null> {
  const [row] = await exec.select({ name: payrollGroups.name }).from(payrollGroups).where(and(eq(payrollGroups.companyId, companyId), eq(payrollGroups.id, id), isNull(payrollGroups.archivedAt))).limit(1);
  return row?.name ?? null;
}

export async function siEntityName(exec: Executor, companyId: number, id: number): Promise<string | null> {
  const [row] = await exec.select({ name: siEntities.name }).from(siEntities).where(and(eq(siEntities.companyId, companyId), eq(siEntities.id, id), isNull(siEntities.archivedAt))).limit(1);
  return row?.name ?? null;
}

export type PackageRow = { id: number; name: string; templateIds: number[] };

export async function findPackage(exec: Executor, companyId: number, id: number): Promise<PackageRow | null> {
  const [row] = await exec
    .select({ id: signPackages.id, name: signPackages.name, templateIds: signPackages.templateIds })
    .from(signPackages)
    .where(and(eq(signPackages.companyId, companyId), eq(signPackages.id, id), isNull(signPackages.archivedAt)))
    .limit(1);
  return row ?? null;
}

/** The live packages some live plan of the company uses, with the names of those plans. */
export async function packagesOfPlans(exec: Executor, companyId: number): Promise<(PackageRow & { plans: string[] })[]> {
  const rows = await exec
    .select({ id: signPackages.id, name: signPackages.name, templateIds: signPackages.templateIds, planName: osPlans.name })
    .from(osPlans)
    .innerJoin(signPackages, and(eq(signPackages.companyId, osPlans.companyId), eq(signPackages.id, osPlans.contractPackageId), isNull(signPackages.archivedAt)))
    .where(and(eq(osPlans.companyId, companyId), isNull(osPlans.archivedAt)))
    .orderBy(asc(signPackages.id), asc(osPlans.id));
  const out = new Map<number, PackageRow & { plans: string[] }>();
  for (const r of rows) {
    const p = out.get(r.id) ?? { id: r.id, name: r.name, templateIds: r.templateIds, plans: [] };
    p.plans.push(r.planName);
    out.set(r.id, p);
  }
  return [...out.values()];
}

export type TemplateRow = {
  id: number;
  name: string;
  contractTypeName: string | null;
  fields: Record<string, unknown>[];
  pages: { width: number; height: number }[];
  updatedAt: Date;
  previewFileId: string | null;
};

/** The company's live templates among `ids`, with their contract type and the public id of their PDF. */
export async function listTemplates(exec: Executor, companyId: number, ids: readonly number[]): Promise<TemplateRow[]> {
  if (ids.length === 0) return [];
  return exec
    .select({
      id: contractTemplates.id,
      name: contractTemplates.name,
      contractTypeName: contractTypes.name,
      fields: contractTemplates.fields,
      pages: contractTemplates.pages,
      updatedAt: contractTemplates.updatedAt,
      previewFileId: files.publicId,
    })
    .from(contractTemplates)
    .leftJoin(contractTypes, and(eq(contractTypes.companyId, contractTemplates.companyId), eq(contractTypes.id, contractTemplates.contractTypeId)))
    .leftJoin(files, and(eq(files.companyId, contractTemplates.companyId), eq(files.id, contractTemplates.fileId), isNull(files.archivedAt)))
    .where(and(eq(contractTemplates.companyId, companyId), inArray(contractTemplates.id, [...ids]), isNull(contractTemplates.archivedAt)))
    .orderBy(asc(contractTemplates.id));
}
