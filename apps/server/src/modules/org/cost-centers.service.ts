import type { CostCenterAdd, CostCenterItem, CostCenterPageInput, CostCenterUpdate } from '@wfsaas/contracts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { Paged, type ServiceCtx } from '../../platform/http.ts';
import * as q from './cost-centers.queries.ts';
import { requireActiveEmployee } from './departments.service.ts';
import * as eq from './org-employees.queries.ts';

export const MSG_COST_CENTER_IN_USE = '该成本中心下还有在职员工，不能删除';

async function items(c: ServiceCtx, rows: q.CostCenterRow[]): Promise<CostCenterItem[]> {
  const links = await q.listLinkedDepartments(
    c.tx,
    c.companyId,
    rows.map((r) => r.id),
  );
  const owners = await eq.employeeNames(c.tx, c.companyId, [...new Set(rows.map((r) => r.ownerEmployeeId).filter((x): x is number => x !== null))]);
  return rows.map((r) => ({
    id: r.id,
    code: r.code,
    name: r.name,
    ownerEmployeeId: r.ownerEmployeeId,
    ownerName: r.ownerEmployeeId === null ? null : (owners.get(r.ownerEmployeeId) ?? null),
    description: r.description,
    departments: links.filter((l) => l.costCenterId === r.id).map((l) => ({ id: l.id, name: l.name })),
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  }));
}

async function requireCostCenter(c: ServiceCtx, id: number): Promise<q.CostCenterRow> {
  const r = await q.findCostCenter(c.tx, c.companyId, id);
  if (!r) throw notFound('成本中心');
  return r;
}

async function itemOf(c: ServiceCtx, id: number): Promise<CostCenterItem> {
  return (await items(c, [await requireCostCenter(c, id)]))[0]!;
}

export async function pageCostCenters(c: ServiceCtx, input: CostCenterPageInput): Promise<Paged<CostCenterItem>> {
  const { rows, total } = await q.listCostCentersPage(c.tx, c.companyId, input.keyword, (input.pageNum - 1) * input.pageSize, input.pageSize);
  return new Paged(await items(c, rows), input.pageNum, input.pageSize, total);
}

/** Checks code, owner and departments; a department belongs to at most one cost centre. */
async function check(c: ServiceCtx, input: CostCenterAdd, exceptId?: number): Promise<{ values: q.CostCenterValues; departmentIds: number[] }> {
  if ((await q.findCostCenterIdByCode(c.tx, c.companyId, input.code, exceptId)) !== null) throw conflict(`成本中心编码「${input.code}」已存在`);
  if (input.ownerEmployeeId) await requireActiveEmployee(c.tx, c.companyId, input.ownerEmployeeId, '负责人');
  const departmentIds = [...new Set(input.departmentIds)].sort((a, b) => a - b);
  const found = await q.listDepartmentsByIds(c.tx, c.companyId, departmentIds);
  if (found.length !== departmentIds.length) throw notFound('部门');
  const names = new Map(found.map((d) => [d.id, d.name]));
  const taken = (await q.findLinksOfDepartments(c.tx, c.companyId, departmentIds)).find((l) => l.costCenterId !== exceptId);
  if (taken) throw conflict(`部门「${names.get(taken.departmentId)}」已属于成本中心「${taken.costCenterName}」，一个部门只能属于一个成本中心`);
  return { values: { code: input.code, name: input.name, ownerEmployeeId: input.ownerEmployeeId ?? null, description: input.description ?? null }, departmentIds };
}

export async function addCostCenter(c: ServiceCtx, input: CostCenterAdd): Promise<CostCenterItem> {
  const { values, departmentIds } = await check(c, input);
  const row = await q.insertCostCenter(c.tx, c.companyId, values);
  await q.replaceLinks(c.tx, c.companyId, row.id, departmentIds);
  await c.audit({ action: 'costCenter.add', entity: 'costCenter', entityId: row.id, after: { ...values, departmentIds } });
  return itemOf(c, row.id);
}

export async function updateCostCenter(c: ServiceCtx, input: CostCenterUpdate): Promise<CostCenterItem> {
  const before = await itemOf(c, input.id);
  const { values, departmentIds } = await check(c, input, before.id);
  await q.updateCostCenter(c.tx, c.companyId, before.id, values);
  await q.replaceLinks(c.tx, c.companyId, before.id, departmentIds);
  await c.audit({
    action: 'costCenter.update',
    entity: 'costCenter',
    entityId: before.id,
    before: { code: before.code, name: before.name, ownerEmployeeId: before.ownerEmployeeId, description: before.description, departmentIds: before.departments.map((d) => d.id).sort((a, b) => a - b) },
    after: { ...values, departmentIds },
  });
  return itemOf(c, before.id);
}

/** Deletes (archives) a cost centre no active employee is charged to; its department links are removed. */
export async function deleteCostCenter(c: ServiceCtx, id: number): Promise<{ id: number }> {
  const before = await itemOf(c, id);
  if (((await eq.countActiveHolders(c.tx, c.companyId, 'cost_center_id', [id])).get(id) ?? 0) > 0) throw badRequest(MSG_COST_CENTER_IN_USE);
  await q.replaceLinks(c.tx, c.companyId, id, []);
  await q.updateCostCenter(c.tx, c.companyId, id, { status: 9 });
  await c.audit({
    action: 'costCenter.delete',
    entity: 'costCenter',
    entityId: id,
    before: { code: before.code, name: before.name, departmentIds: before.departments.map((d) => d.id) },
    after: { status: 9, departmentIds: [] },
  });
  return { id };
}
