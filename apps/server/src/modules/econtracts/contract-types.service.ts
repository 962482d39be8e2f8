import type { ContractTypeSave, ContractTypeView } from '@wfsaas/contracts';
import { badRequest, notFound } from '../../platform/errors.ts';
import type { ServiceCtx } from '../../platform/http.ts';
import * as q from './econtract-setup.queries.ts';

/** Contract types (合同类型): the kinds of contract a template belongs to. */

export async function listTypes(c: ServiceCtx): Promise<ContractTypeView[]> {
  const rows = await q.listContractTypes(c.tx, c.companyId);
  return rows.map((t) => ({ id: t.id, name: t.name, remark: t.remark, templateCount: t.templateCount, createdAt: t.createdAt.toISOString() }));
}

export async function requireType(c: ServiceCtx, id: number) {
  const row = await q.findContractType(c.tx, c.companyId, id);
  if (!row) throw notFound('合同类型');
  return row;
}

export async function saveType(c: ServiceCtx, input: ContractTypeSave): Promise<ContractTypeView> {
  const dup = await q.findContractTypeByName(c.tx, c.companyId, input.name);
  if (dup && dup.id !== input.id) throw badRequest(`合同类型“${input.name}”已存在`);
  let id: number;
  if (input.id) {
    const before = await requireType(c, input.id);
    await q.updateContractType(c.tx, c.companyId, input.id, { name: input.name, remark: input.remark });
    id = input.id;
    await c.audit({ action: 'contractType.update', entity: 'contract_type', entityId: id, before: { name: before.name }, after: { name: input.name } });
  } else {
    const row = await q.insertContractType(c.tx, { companyId: c.companyId, name: input.name, remark: input.remark, createdBy: c.user.userId });
    id = row.id;
    await c.audit({ action: 'contractType.create', entity: 'contract_type', entityId: id, after: { name: input.name } });
  }
  return (await listTypes(c)).find((t) => t.id === id)!;
}

export async function removeType(c: ServiceCtx, id: number): Promise<null> {
  const before = await requireType(c, id);
  if ((await q.countTemplatesOfType(c.tx, c.companyId, id)) > 0) throw badRequest('该合同类型下还有合同模板，请先删除或调整模板');
  await q.updateContractType(c.tx, c.companyId, id, { archivedAt: new Date() });
  await c.audit({ action: 'contractType.remove', entity: 'contract_type', entityId: id, before: { name: before.name } });
  return null;
}
