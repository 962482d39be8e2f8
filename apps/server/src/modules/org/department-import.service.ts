import type { DepartmentImportResult } from '@wfsaas/contracts';
import * as q from './departments.queries.ts';
import { buildDepartmentTemplate, planDepartmentImport, type ExistingDepartment, type TemplateRow } from './department-template.ts';
import * as eq from './org-employees.queries.ts';
import type { ServiceCtx } from '../../platform/http.ts';

async function existingDepartments(c: ServiceCtx): Promise<ExistingDepartment[]> {
  const rows = await q.listDepartments(c.tx, c.companyId, { includeDisabled: true });
  const codeOf = new Map(rows.map((d) => [d.id, d.code]));
  return rows.map((d) => ({ id: d.id, name: d.name, code: d.code, parentId: d.parentId, parentCode: d.parentId === null ? null : (codeOf.get(d.parentId) ?? null), path: d.path, status: d.status }));
}

export async function departmentTemplate(c: ServiceCtx): Promise<Buffer> {
  return buildDepartmentTemplate(await existingDepartments(c));
}

/**
 * Creates the departments of an uploaded template in the request's transaction. Every row is
 * checked first; with any error nothing is written and the answer lists the errors by row.
 */
export async function importDepartments(c: ServiceCtx, rows: readonly TemplateRow[]): Promise<DepartmentImportResult> {
  await q.lockTree(c.tx, c.companyId);
  const existing = await existingDepartments(c);
  const nos = [...new Set(rows.map((r) => r.leaderNo).filter(Boolean))];
  const leaders = new Map((await eq.listActiveEmployeesByNos(c.tx, c.companyId, nos)).map((e) => [e.employeeNo ?? '', e.id]));
  const { errors, plan } = planDepartmentImport(rows, { existing, leaders });
  if (errors.length > 0) return { total: rows.length, created: 0, errors };

  const created = new Map<number, q.DepartmentRow>();
  const nextSortOf = new Map<string, number>();
  const sortFor = async (parentKey: string, parentId: number | null, isNewParent: boolean) => {
    let next = nextSortOf.get(parentKey);
    if (next === undefined) next = isNewParent ? 0 : await q.nextSort(c.tx, c.companyId, parentId);
    nextSortOf.set(parentKey, next + 1);
    return next;
  };
  for (const p of plan) {
    let parentId: number | null = null;
    let parentPath: string | null = null;
    let isNewParent = false;
    if (p.parent.kind === 'existing') {
      parentId = p.parent.id;
      parentPath = p.parent.path;
    } else if (p.parent.kind === 'row') {
      const parent = created.get(p.parent.row)!;
      parentId = parent.id;
      parentPath = parent.path;
      isNewParent = true;
    }
    const sort = await sortFor(String(parentId ?? 0), parentId, isNewParent);
    const row = await q.insertDepartment(c.tx, c.companyId, { parentId, parentPath, name: p.name, code: p.code, leaderEmployeeId: p.leaderEmployeeId, headcountPlan: p.headcountPlan, sort });
    created.set(p.row, row);
  }
  await c.audit({
    action: 'department.import',
    entity: 'department',
    after: { count: created.size, departments: [...created.values()].map((d) => ({ id: d.id, name: d.name, code: d.code, parentId: d.parentId, headcountPlan: d.headcountPlan })) },
  });
  return { total: rows.length, created: created.size, errors: [] };
}
