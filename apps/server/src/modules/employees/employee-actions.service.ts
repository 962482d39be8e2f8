import {
  CODES,
  MESSAGES,
  normalizeIdNumber,
  SENSITIVE_FIELD_LABELS,
  type CheckUnique,
  type CheckUniqueResult,
  type EmployeeAdd,
  type EmployeeBatchMove,
  type EmployeeDetail,
  type EmployeeDetailQuery,
  type EmployeeUpdate,
  type RevealSensitive,
  type RevealSensitiveResult,
} from '@wfsaas/contracts';
import { AppError, badRequest, notFound } from '../../platform/errors.ts';
import type { ServiceCtx } from '../../platform/http.ts';
import type { AppServices } from '../../platform/services.ts';
import { employeeDepartmentScope, inScope, requireDepartmentInScope, requireEmployeesInScope } from './employee-access.ts';
import { publicIdsOf } from '../../platform/files/index.ts';
import * as lq from './employee-list.queries.ts';
import { holdsKey } from './employee-list.service.ts';
import { toDetail } from './employee-view.ts';
import * as q from './employees.queries.ts';
import { createEmployeeWriteCache } from './employee-write-cache.ts';
import { createEmployee, updateEmployee, type EmployeeActor } from './employees.service.ts';

/** The record's endpoints besides the list: add, update, detail, archive, move, unique check, reveal. */


const actorOf = (c: ServiceCtx): EmployeeActor => ({ userId: c.user.userId, ip: c.ip, userAgent: c.userAgent });

async function detailOf(c: ServiceCtx, id: number): Promise<EmployeeDetail | null> {
  const row = await lq.findRosterRow(c.tx, c.companyId, id);
  const full = row ? await q.findEmployeeRow(c.tx, c.companyId, id) : null;
  if (!row || !full) return null;
  if (!inScope(await employeeDepartmentScope(c), full.departmentId)) return null;
  const photo = full.photoFileId === null ? null : ((await publicIdsOf(c.tx, c.companyId, [full.photoFileId])).get(full.photoFileId) ?? null);
  return toDetail(row, full, await holdsKey(c, 'sensitive.view'), photo);
}

/** companyEmployee/add/v2 */
export async function addEmployee(services: AppServices, c: ServiceCtx, input: EmployeeAdd): Promise<EmployeeDetail> {
  await requireDepartmentInScope(c, input.departmentId);
  const row = await createEmployee(services, c.tx, c.companyId, actorOf(c), input);
  return (await detailOf(c, row.id))!;
}

/** companyEmployee/update */
export async function editEmployee(services: AppServices, c: ServiceCtx, input: EmployeeUpdate): Promise<EmployeeDetail> {
  const current = await q.findEmployeeRow(c.tx, c.companyId, input.id);
  if (current) await requireEmployeesInScope(c, [current]);
  if (input.departmentId !== undefined && input.departmentId !== current?.departmentId) await requireDepartmentInScope(c, input.departmentId);
  const { row } = await updateEmployee(services, c.tx, c.companyId, actorOf(c), input, createEmployeeWriteCache());
  return (await detailOf(c, row.id))!;
}

/**
 * companyEmployeeInfo/detail: by id or comEmpInfoId (the same record id here); both
 * given must agree. No record (or an ambiguous request) answers 404 未查询到人员信息.
 */
export async function employeeDetail(c: ServiceCtx, input: EmployeeDetailQuery): Promise<EmployeeDetail> {
  const ids = [...new Set([input.id, input.comEmpInfoId].filter((x): x is number => x !== undefined))];
  const found = ids.length === 1 ? await detailOf(c, ids[0]!) : null;
  if (!found) throw new AppError(CODES.notFound, MESSAGES.noPersonnelFound);
  return found;
}

async function requireAll(c: ServiceCtx, ids: readonly number[], forUpdate = true): Promise<q.EmployeeRow[]> {
  const wanted = [...new Set(ids)];
  const rows = await q.listEmployeeRowsByIds(c.tx, c.companyId, wanted, { forUpdate });
  if (rows.length !== wanted.length) throw notFound('员工');
  await requireEmployeesInScope(c, rows);
  return rows;
}

/** companyEmployee/delete: archives the records (never removed), each audited. */
export async function archiveEmployees(c: ServiceCtx, ids: readonly number[]): Promise<{ count: number }> {
  const rows = await requireAll(c, ids);
  const n = await q.archiveEmployeeRows(
    c.tx,
    c.companyId,
    rows.map((r) => r.id),
    c.user.userId,
  );
  for (const r of rows) {
    await c.audit({ action: 'employee.delete', entity: 'employee', entityId: r.id, before: { name: r.name, employeeNo: r.employeeNo, idNumber: r.idNumberMasked, status: r.status } });
  }
  return { count: n };
}

/** companyEmployee/batchMoveOut: the employees to another department, all or none. */
export async function moveEmployees(c: ServiceCtx, input: EmployeeBatchMove): Promise<{ count: number }> {
  const dept = await q.findDepartmentRef(c.tx, c.companyId, input.departmentId);
  if (!dept) throw badRequest('所选部门不存在');
  if (dept.status !== 1) throw badRequest(`所选部门「${dept.name}」已停用，请重新选择`);
  await requireDepartmentInScope(c, dept.id);
  const rows = await requireAll(c, input.ids);
  const moving = rows.filter((r) => r.departmentId !== dept.id);
  const n = await q.moveEmployeeRows(
    c.tx,
    c.companyId,
    moving.map((r) => r.id),
    dept.id,
    c.user.userId,
  );
  for (const r of moving) {
    await c.audit({ action: 'employee.move', entity: 'employee', entityId: r.id, before: { departmentId: r.departmentId }, after: { departmentId: dept.id } });
  }
  return { count: n };
}

/** CompanyEmployee/count/checkUnique: `id` is the record being edited, which does not collide with itself. */
export async function checkUnique(services: AppServices, c: ServiceCtx, input: CheckUnique): Promise<CheckUniqueResult> {
  const { cipher } = services;
  const probe: q.UniqueProbe =
    input.field === 'mobile'
      ? { mobileHash: cipher.lookupHash(input.value.trim()) }
      : input.field === 'idNumber'
        ? { idNumberHash: cipher.lookupHash(normalizeIdNumber(input.value)) }
        : { employeeNo: input.value.trim() };
  const hits = await q.findUniqueConflicts(c.tx, c.companyId, probe, input.id ?? undefined);
  return { unique: hits.length === 0, field: input.field };
}

/** companyEmployee/revealSensitive: one identifier in full, for a holder of sensitive.view; every reveal is audited. */
export async function revealSensitive(services: AppServices, c: ServiceCtx, input: RevealSensitive): Promise<RevealSensitiveResult> {
  const e = await q.findEmployeeRow(c.tx, c.companyId, input.id);
  if (!e) throw notFound('员工');
  await requireEmployeesInScope(c, [e]);
  const enc =
    input.field === 'idNumber' ? e.idNumberEnc : input.field === 'mobile' ? e.mobileEnc : input.field === 'bankAccount' ? e.bankAccountEnc : (e.emergencyContact?.phoneEnc ?? null);
  if (!enc) throw badRequest(`该员工未填写${SENSITIVE_FIELD_LABELS[input.field]}`);
  const value = services.cipher.decrypt(enc);
  await c.audit({ action: 'employee.reveal', entity: 'employee', entityId: e.id, after: { field: input.field, name: e.name } });
  return { id: e.id, field: input.field, value };
}
