import { and, asc, count, desc, eq, ilike, inArray, isNull, sql } from 'drizzle-orm';
import { customFormDefinitions, customFormFills, customForms, customFormVersions, departments, employees, positions } from '../../db/schema/index.ts';
import type { Executor } from '../../platform/db.ts';

/** Custom forms, their versions and the fills that pin a version; every query scoped by company. */

export type FormRow = typeof customForms.$inferSelect;
export type VersionRow = typeof customFormVersions.$inferSelect;
export type FillRow = typeof customFormFills.$inferSelect;

const nickname = (col: unknown) => sql<string | null>`(select u.nickname from users u where u.id = ${col})`;

export async function findForm(exec: Executor, companyId: number, id: number): Promise<FormRow | null> {
  const rows = await exec.select().from(customForms).where(and(eq(customForms.companyId, companyId), eq(customForms.id, id))).limit(1);
  return rows[0] ?? null;
}

export async function findFormByScene(exec: Executor, companyId: number, scene: string): Promise<FormRow | null> {
  const rows = await exec.select().from(customForms).where(and(eq(customForms.companyId, companyId), eq(customForms.scene, scene))).limit(1);
  return rows[0] ?? null;
}

/** A new form with its first version number; null when the scene already has a form (a concurrent first save). */
export async function insertForm(exec: Executor, v: { companyId: number; name: string; description: string; scene: string | null; userId: number | null }): Promise<FormRow | null> {
  const rows = await exec
    .insert(customForms)
    .values({ companyId: v.companyId, name: v.name, description: v.description, scene: v.scene, currentVersion: 1, createdBy: v.userId, updatedBy: v.userId })
    .onConflictDoNothing()
    .returning();
  return rows[0] ?? null;
}

/** Moves the form to its next version number under a row lock; answers the new number. */
export async function bumpVersion(exec: Executor, companyId: number, id: number, v: { name: string; description: string; userId: number | null }): Promise<number> {
  const rows = await exec
    .update(customForms)
    .set({ currentVersion: sql`${customForms.currentVersion} + 1`, name: v.name, description: v.description, updatedBy: v.userId, updatedAt: sql`now()` })
    .where(and(eq(customForms.companyId, companyId), eq(customForms.id, id)))
    .returning({ version: customForms.currentVersion });
  return rows[0]!.version;
}

export async function setFormScene(exec: Executor, companyId: number, id: number, scene: string | null): Promise<void> {
  await exec.update(customForms).set({ scene, updatedAt: sql`now()` }).where(and(eq(customForms.companyId, companyId), eq(customForms.id, id)));
}

export async function deleteForm(exec: Executor, companyId: number, id: number): Promise<void> {
  await exec.delete(customForms).where(and(eq(customForms.companyId, companyId), eq(customForms.id, id)));
}

export async function insertVersion(exec: Executor, v: { companyId: number; formId: number; version: number; formConfig: Record<string, unknown>; widgetList: unknown[]; userId: number | null }): Promise<VersionRow> {
  const rows = await exec
    .insert(customFormVersions)
    .values({ companyId: v.companyId, formId: v.formId, version: v.version, formConfig: v.formConfig, widgetList: v.widgetList, createdBy: v.userId })
    .returning();
  return rows[0]!;
}

export type VersionWithUser = VersionRow & { createdByName: string | null };

export async function findVersion(exec: Executor, companyId: number, formId: number, version: number): Promise<VersionWithUser | null> {
  const rows = await exec
    .select({ v: customFormVersions, createdByName: nickname(customFormVersions.createdBy) })
    .from(customFormVersions)
    .where(and(eq(customFormVersions.companyId, companyId), eq(customFormVersions.formId, formId), eq(customFormVersions.version, version)))
    .limit(1);
  return rows[0] ? { ...rows[0].v, createdByName: rows[0].createdByName } : null;
}

export type VersionSummaryRow = { version: number; widgetCount: number; createdAt: Date; createdByName: string | null; fillCount: number };

export async function listVersions(exec: Executor, companyId: number, formId: number): Promise<VersionSummaryRow[]> {
  const rows = await exec
    .select({
      version: customFormVersions.version,
      widgetCount: sql<number>`jsonb_array_length(${customFormVersions.widgetList})::int`,
      createdAt: customFormVersions.createdAt,
      createdByName: nickname(customFormVersions.createdBy),
      fillCount: sql<number>`(select count(*)::int from custom_form_fills f where f.company_id = ${customFormVersions.companyId} and f.form_id = ${customFormVersions.formId} and f.version = ${customFormVersions.version})`,
    })
    .from(customFormVersions)
    .where(and(eq(customFormVersions.companyId, companyId), eq(customFormVersions.formId, formId)))
    .orderBy(desc(customFormVersions.version));
  return rows.map((r) => ({ ...r, widgetCount: Number(r.widgetCount), fillCount: Number(r.fillCount) }));
}

export type FormListRow = FormRow & { widgetCount: number; fillCount: number; updatedByName: string | null };

export async function listForms(exec: Executor, companyId: number, filter: { keyword?: string }, offset: number, limit: number): Promise<{ rows: FormListRow[]; total: number }> {
  const where = and(eq(customForms.companyId, companyId), filter.keyword ? ilike(customForms.name, `%${filter.keyword.replace(/[\\%_]/g, (m) => `\\${m}`)}%`) : undefined);
  const rows = await exec
    .select({
      f: customForms,
      widgetCount: sql<number>`(select jsonb_array_length(v.widget_list)::int from custom_form_versions v where v.company_id = ${customForms.companyId} and v.form_id = ${customForms.id} and v.version = ${customForms.currentVersion})`,
      fillCount: sql<number>`(select count(*)::int from custom_form_fills f where f.company_id = ${customForms.companyId} and f.form_id = ${customForms.id})`,
      updatedByName: nickname(customForms.updatedBy),
    })
    .from(customForms)
    .where(where)
    .orderBy(desc(customForms.updatedAt), desc(customForms.id))
    .offset(offset)
    .limit(limit);
  const [total] = await exec.select({ n: count() }).from(customForms).where(where);
  return { rows: rows.map((r) => ({ ...r.f, widgetCount: Number(r.widgetCount ?? 0), fillCount: Number(r.fillCount), updatedByName: r.updatedByName })), total: Number(total?.n ?? 0) };
}

export async function countFills(exec: Executor, companyId: number, formId: number): Promise<number> {
  const [r] = await exec.select({ n: count() }).from(customFormFills).where(and(eq(customFormFills.companyId, companyId), eq(customFormFills.formId, formId)));
  return Number(r?.n ?? 0);
}

export async function findFill(exec: Executor, companyId: number, formId: number, subjectType: string, subjectId: number): Promise<FillRow | null> {
  const rows = await exec
    .select()
    .from(customFormFills)
    .where(and(eq(customFormFills.companyId, companyId), eq(customFormFills.formId, formId), eq(customFormFills.subjectType, subjectType), eq(customFormFills.subjectId, subjectId)))
    .limit(1);
  return rows[0] ?? null;
}

/** Records (or moves) the subject's fill to a version, with its values where the fill keeps them. */
export async function upsertFill(exec: Executor, v: { companyId: number; formId: number; subjectType: string; subjectId: number; version: number; values: Record<string, unknown> | null; userId: number | null }): Promise<void> {
  await exec
    .insert(customFormFills)
    .values({ companyId: v.companyId, formId: v.formId, subjectType: v.subjectType, subjectId: v.subjectId, version: v.version, values: v.values, updatedBy: v.userId })
    .onConflictDoUpdate({
      target: [customFormFills.companyId, customFormFills.formId, customFormFills.subjectType, customFormFills.subjectId],
      set: { version: v.version, values: v.values, updatedBy: v.userId, updatedAt: sql`now()` },
    });
}

// ── definitions kept before forms had versions (custom_form_definitions), upgraded on first use ──

export async function findLegacyDefinition(exec: Executor, companyId: number, scene: string): Promise<{ formConfig: Record<string, unknown>; widgetList: unknown[]; updatedBy: number | null } | null> {
  const rows = await exec
    .select({ formConfig: customFormDefinitions.formConfig, widgetList: customFormDefinitions.widgetList, updatedBy: customFormDefinitions.updatedBy })
    .from(customFormDefinitions)
    .where(and(eq(customFormDefinitions.companyId, companyId), eq(customFormDefinitions.scene, scene)))
    .limit(1);
  return rows[0] ?? null;
}

export async function deleteLegacyDefinition(exec: Executor, companyId: number, scene: string): Promise<void> {
  await exec.delete(customFormDefinitions).where(and(eq(customFormDefinitions.companyId, companyId), eq(customFormDefinitions.scene, scene)));
}

// ── the libraries a cross-library form and the pickers read (read only) ──

export type EmployeeLibraryRow = {
  id: number;
  name: string;
  employeeNo: string | null;
  departmentName: string | null;
  positionName: string | null;
  hireDate: string | null;
  gender: number | null;
  education: number | null;
  email: string | null;
  status: number;
  customFields: Record<string, unknown>;
};

export async function findEmployeeLibrary(exec: Executor, companyId: number, employeeId: number): Promise<EmployeeLibraryRow | null> {
  const rows = await exec
    .select({
      id: employees.id,
      name: employees.name,
      employeeNo: employees.employeeNo,
      departmentName: departments.name,
      positionName: positions.name,
      hireDate: employees.hireDate,
      gender: employees.gender,
      education: employees.education,
      email: employees.email,
      status: employees.status,
      customFields: employees.customFields,
    })
    .from(employees)
    .leftJoin(departments, and(eq(departments.companyId, employees.companyId), eq(departments.id, employees.departmentId)))
    .leftJoin(positions, and(eq(positions.companyId, employees.companyId), eq(positions.id, employees.positionId)))
    .where(and(eq(employees.companyId, companyId), eq(employees.id, employeeId), isNull(employees.archivedAt)))
    .limit(1);
  return (rows[0] as EmployeeLibraryRow | undefined) ?? null;
}

/** The ids among `ids` that are the company's current employees. */
export async function existingEmployeeIds(exec: Executor, companyId: number, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await exec.select({ id: employees.id }).from(employees).where(and(eq(employees.companyId, companyId), inArray(employees.id, ids), isNull(employees.archivedAt)));
  return new Set(rows.map((r) => r.id));
}

/** The ids among `ids` that are the company's departments. */
export async function existingDepartmentIds(exec: Executor, companyId: number, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await exec.select({ id: departments.id }).from(departments).where(and(eq(departments.companyId, companyId), inArray(departments.id, ids)));
  return new Set(rows.map((r) => r.id));
}

/** Names of employees and departments by id, to show picked values as text. */
export async function namesOf(exec: Executor, companyId: number, employeeIds: number[], departmentIds: number[]): Promise<{ employees: Map<number, string>; departments: Map<number, string> }> {
  const e = employeeIds.length
    ? await exec.select({ id: employees.id, name: employees.name }).from(employees).where(and(eq(employees.companyId, companyId), inArray(employees.id, employeeIds))).orderBy(asc(employees.id))
    : [];
  const d = departmentIds.length ? await exec.select({ id: departments.id, name: departments.name }).from(departments).where(and(eq(departments.companyId, companyId), inArray(departments.id, departmentIds))) : [];
  return { employees: new Map(e.map((r) => [r.id, r.name])), departments: new Map(d.map((r) => [r.id, r.name])) };
}
