import type { PositionAdd, PositionItem, PositionPageInput, PositionUpdate } from '@wfsaas/contracts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { Paged, type ServiceCtx } from '../../platform/http.ts';
import * as eq from './org-employees.queries.ts';
import * as q from './positions.queries.ts';

export const MSG_POSITION_IN_USE = '该职位下还有在职员工，不能删除';

function toItem(p: q.PositionWithDepartment, holders: number): PositionItem {
  return {
    id: p.id,
    name: p.name,
    code: p.code,
    departmentId: p.departmentId,
    departmentName: p.departmentName,
    description: p.description,
    status: p.status,
    activeEmployeeCount: holders,
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
  };
}

function fieldsOf(p: q.PositionRow) {
  return { name: p.name, code: p.code, departmentId: p.departmentId, description: p.description, status: p.status };
}

async function requirePosition(c: ServiceCtx, id: number): Promise<q.PositionWithDepartment> {
  const p = await q.findPosition(c.tx, c.companyId, id);
  if (!p) throw notFound('职位');
  return p;
}

async function holdersOf(c: ServiceCtx, id: number): Promise<number> {
  return (await eq.countActiveHolders(c.tx, c.companyId, 'position_id', [id])).get(id) ?? 0;
}

async function item(c: ServiceCtx, id: number): Promise<PositionItem> {
  return toItem(await requirePosition(c, id), await holdersOf(c, id));
}

export async function pagePositions(c: ServiceCtx, input: PositionPageInput): Promise<Paged<PositionItem>> {
  const { rows, total } = await q.listPositionsPage(c.tx, c.companyId, input, (input.pageNum - 1) * input.pageSize, input.pageSize);
  const holders = await eq.countActiveHolders(
    c.tx,
    c.companyId,
    'position_id',
    rows.map((r) => r.id),
  );
  return new Paged(
    rows.map((r) => toItem(r, holders.get(r.id) ?? 0)),
    input.pageNum,
    input.pageSize,
    total,
  );
}

async function checkValues(c: ServiceCtx, input: PositionAdd, exceptId?: number): Promise<q.PositionValues> {
  const departmentId = input.departmentId ?? null;
  if (departmentId !== null && (await q.findDepartmentName(c.tx, c.companyId, departmentId)) === null) throw notFound('所属部门');
  if ((await q.findPositionIdByName(c.tx, c.companyId, departmentId, input.name, exceptId)) !== null) {
    throw conflict(departmentId === null ? `全公司通用职位中已有「${input.name}」` : `该部门已有名为「${input.name}」的职位`);
  }
  if (input.code && (await q.findPositionIdByCode(c.tx, c.companyId, input.code, exceptId)) !== null) throw conflict(`职位编码「${input.code}」已存在`);
  return { name: input.name, code: input.code ?? null, departmentId, description: input.description ?? null };
}

export async function addPosition(c: ServiceCtx, input: PositionAdd): Promise<PositionItem> {
  const values = await checkValues(c, input);
  const row = await q.insertPosition(c.tx, c.companyId, values);
  await c.audit({ action: 'position.add', entity: 'position', entityId: row.id, after: fieldsOf(row) });
  return item(c, row.id);
}

/** Replaces a position's fields with the form's (an absent department makes it company-wide). */
export async function updatePosition(c: ServiceCtx, input: PositionUpdate): Promise<PositionItem> {
  const before = await requirePosition(c, input.id);
  const values = await checkValues(c, input, before.id);
  await q.updatePosition(c.tx, c.companyId, before.id, values);
  await c.audit({ action: 'position.update', entity: 'position', entityId: before.id, before: fieldsOf(before), after: { ...values, status: before.status } });
  return item(c, before.id);
}

export async function setPositionStatus(c: ServiceCtx, id: number, status: 0 | 1): Promise<PositionItem> {
  const before = await requirePosition(c, id);
  if (before.status !== status) {
    await q.updatePosition(c.tx, c.companyId, id, { status });
    await c.audit({ action: status === 0 ? 'position.disable' : 'position.enable', entity: 'position', entityId: id, before: { status: before.status }, after: { status } });
  }
  return item(c, id);
}

/** Deletes (archives, status 9) a position no active employee holds. */
export async function deletePosition(c: ServiceCtx, id: number): Promise<{ id: number }> {
  const before = await requirePosition(c, id);
  if ((await holdersOf(c, id)) > 0) throw badRequest(MSG_POSITION_IN_USE);
  await q.updatePosition(c.tx, c.companyId, id, { status: 9 });
  await c.audit({ action: 'position.delete', entity: 'position', entityId: id, before: fieldsOf(before), after: { status: 9 } });
  return { id };
}
