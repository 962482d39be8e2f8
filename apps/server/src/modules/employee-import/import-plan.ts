import { type EmployeeAdd, type EmployeeUpdate, type FormDefinition, normalizeIdNumber, zEmployeeAdd, zEmployeeUpdate } from '@wfsaas/contracts';
import type { Tx } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { ServiceCtx } from '../../platform/http.ts';
import type { AppServices } from '../../platform/services.ts';
import { issueMessage } from '../../platform/validation.ts';
import { loadEmployeeFormDefinition, employeeInScope, inScope, createEmployee, findEmployeeByNoOrIdNumber, prefetchEmployeeKeys, updateEmployee, type EmployeeActor, type EmployeeWriteCache } from '../employees/index.ts';
import { loadSavedFieldSettings } from '../implement/index.ts';
import { departmentOptions } from '../org/index.ts';
import * as q from './employee-import.queries.ts';
import { buildCostCenterIndex, buildDepartmentIndex, buildEmployeeBody, buildPositionIndex, buildRankIndex, fieldOfMessage, importFieldsOf, type ImportField, type OrgIndex, type RowProblem } from './import-fields.ts';

/** What a row of the file would do to the roster: the checks shared by the dry run and the import job. */

export type Lookups = { definition: FormDefinition | null; fields: ImportField[]; org: OrgIndex };

export async function loadLookups(c: ServiceCtx): Promise<Lookups> {
  const definition = await loadEmployeeFormDefinition(c.tx, c.companyId);
  const departments = buildDepartmentIndex(await departmentOptions(c, true));
  const refs = await q.listOrgRefs(c.tx, c.companyId);
  const org = { departments, positions: buildPositionIndex(refs.positions), ranks: buildRankIndex(refs.ranks), costCenters: buildCostCenterIndex(refs.costCenters) };
  return { definition, fields: importFieldsOf(definition, await loadSavedFieldSettings(c.tx, c.companyId)), org };
}

const UNIQUE_KEYS = [
  ['mobile', '手机号'],
  ['idNumber', '证件号码'],
  ['employeeNo', '工号'],
] as const;

/** Rows of the file that share a mobile, ID number or employee number: each names the others. */
export function duplicateProblems(rows: readonly { rowNo: number; values: Map<string, string> }[]): Map<number, RowProblem[]> {
  const out = new Map<number, RowProblem[]>();
  for (const [key, label] of UNIQUE_KEYS) {
    const byValue = new Map<string, number[]>();
    for (const r of rows) {
      const raw = r.values.get(key);
      if (!raw) continue;
      const v = key === 'idNumber' ? normalizeIdNumber(raw) : key === 'employeeNo' ? raw.trim() : raw.replace(/\s+/g, '');
      const list = byValue.get(v);
      if (list) list.push(r.rowNo);
      else byValue.set(v, [r.rowNo]);
    }
    for (const list of byValue.values()) {
      if (list.length < 2) continue;
      for (const rowNo of list) {
        const others = list.filter((n) => n !== rowNo).map((n) => `第${n}行`).join('、');
        const problems = out.get(rowNo) ?? [];
        problems.push({ field: key, label, message: `${label}与${others}重复` });
        out.set(rowNo, problems);
      }
    }
  }
  return out;
}

export type Plan = { kind: 'create'; input: EmployeeAdd } | { kind: 'update'; input: EmployeeUpdate };

function zodProblems(schema: typeof zEmployeeAdd | typeof zEmployeeUpdate, error: { issues: readonly unknown[] }, fields: readonly ImportField[]): RowProblem[] {
  return (error.issues as Parameters<typeof issueMessage>[1][]).map((issue) => {
    const head = String(issue.path[0] ?? '');
    const key = head === 'emergencyContact' ? (issue.path[1] === 'phone' ? 'emergencyPhone' : issue.path[1] === 'relation' ? 'emergencyRelation' : 'emergencyName') : head === 'customFields' ? `custom.${String(issue.path[1] ?? '')}` : head;
    const f = fields.find((x) => x.key === key);
    return { field: key, label: f?.label ?? '', message: issueMessage(schema, issue) };
  });
}

export type PlannedRow = { plan: Plan } | { problems: RowProblem[] };

/** What the row would do: create or update (by employee number or ID number), with its body; or its problems. */
export async function planRow(
  services: AppServices,
  tx: Tx,
  companyId: number,
  values: Map<string, string>,
  lookups: Lookups,
  cache: EmployeeWriteCache,
): Promise<PlannedRow> {
  let existing: { id: number } | null;
  try {
    existing = await findEmployeeByNoOrIdNumber(services, tx, companyId, { employeeNo: values.get('employeeNo'), idNumber: values.get('idNumber') }, cache);
  } catch (err) {
    if (err instanceof AppError) return { problems: [{ field: 'employeeNo', label: '工号', message: err.message }] };
    throw err;
  }
  const { body, problems } = buildEmployeeBody(values, lookups.fields, lookups.org, !existing);
  if (problems.length > 0) return { problems };
  if (existing) {
    const parsed = zEmployeeUpdate.safeParse({ ...body, id: existing.id });
    if (!parsed.success) return { problems: zodProblems(zEmployeeUpdate, parsed.error, lookups.fields) };
    return { plan: { kind: 'update', input: parsed.data } };
  }
  const parsed = zEmployeeAdd.safeParse(body);
  if (!parsed.success) return { problems: zodProblems(zEmployeeAdd, parsed.error, lookups.fields) };
  return { plan: { kind: 'create', input: parsed.data } };
}

export async function applyPlan(services: AppServices, tx: Tx, companyId: number, actor: EmployeeActor, plan: Plan, cache: EmployeeWriteCache): Promise<{ employeeId: number; outcome: 'created' | 'updated' }> {
  if (plan.kind === 'create') {
    const row = await createEmployee(services, tx, companyId, actor, plan.input, cache);
    return { employeeId: row.id, outcome: 'created' };
  }
  const { row } = await updateEmployee(services, tx, companyId, actor, plan.input, cache);
  return { employeeId: row.id, outcome: 'updated' };
}

/** A member limited to some departments may import into them and update only their employees. */
export async function plannedInScope(c: ServiceCtx, scope: readonly number[], plan: Plan): Promise<boolean> {
  if (plan.kind === 'create') return inScope(scope, plan.input.departmentId ?? null);
  if (!(await employeeInScope(c, scope, plan.input.id))) return false;
  return plan.input.departmentId === undefined || inScope(scope, plan.input.departmentId);
}

/** The file's mobiles, ID numbers and employee numbers, looked up at once. */
export function prefetchRows(services: AppServices, tx: Tx, companyId: number, cache: EmployeeWriteCache, rows: readonly Map<string, string>[]): Promise<void> {
  return prefetchEmployeeKeys(
    services,
    tx,
    companyId,
    cache,
    rows.map((v) => ({ mobile: v.get('mobile')?.replace(/\s+/g, ''), idNumber: v.get('idNumber'), employeeNo: v.get('employeeNo') })),
  );
}

export function serviceProblem(err: AppError, fields: readonly ImportField[]): RowProblem {
  return { ...fieldOfMessage(err.message, fields), message: err.message };
}
