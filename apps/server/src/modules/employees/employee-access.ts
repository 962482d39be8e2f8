import { badRequest, notFound } from '../../platform/errors.ts';
import type { ServiceCtx } from '../../platform/http.ts';
import * as q from './employees.queries.ts';

/** Scope checks read only who asks and where, so a file download's reader can ask them too. */
type ScopeReader = Pick<ServiceCtx, 'tx' | 'companyId' | 'user' | 'isAdmin'>;

/**
 * Which employees a caller may see and change: the one rule every employee read and write goes
 * through. Administrators see the whole company. A member sees the whole company unless every one
 * of their active roles has a department data permission set (角色 → 数据权限 → 部门); then they see
 * the employees of the chosen departments and of every department below them. Employees without a
 * department are seen only with the whole company.
 */


/** The department ids the caller is limited to (subtrees included), or null for the whole company. */
export async function employeeDepartmentScope(c: ScopeReader): Promise<number[] | null> {
  if (c.isAdmin) return null;
  const scope = await q.findMemberDepartmentScope(c.tx, c.companyId, c.user.userId);
  if (scope.all) return null;
  return q.expandDepartmentSubtrees(c.tx, c.companyId, scope.ids);
}

export function inScope(scope: readonly number[] | null, departmentId: number | null): boolean {
  return scope === null || (departmentId !== null && scope.includes(departmentId));
}

/** An employee outside the caller's departments is answered as not found, as another company's is. */
export async function requireEmployeesInScope(c: ScopeReader, rows: readonly { departmentId: number | null }[]): Promise<void> {
  if (rows.length === 0) return;
  const scope = await employeeDepartmentScope(c);
  if (rows.some((r) => !inScope(scope, r.departmentId))) throw notFound('员工');
}

/** Adding or moving an employee into a department needs that department within the caller's scope. */
export async function requireDepartmentInScope(c: ScopeReader, departmentId: number | null | undefined): Promise<void> {
  const scope = await employeeDepartmentScope(c);
  if (scope === null) return;
  if (departmentId === null || departmentId === undefined) throw badRequest('所属部门：您的数据权限仅限部分部门，请选择其中一个部门');
  if (!scope.includes(departmentId)) throw badRequest('所属部门：不在您的数据权限范围内，请选择有权限的部门');
}

/** Whether a live employee of the company lies within `scope` (as given by employeeDepartmentScope). */
export async function employeeInScope(c: ScopeReader, scope: readonly number[] | null, employeeId: number): Promise<boolean> {
  const e = await q.findEmployeeRow(c.tx, c.companyId, employeeId);
  return e !== null && inScope(scope, e.departmentId);
}
