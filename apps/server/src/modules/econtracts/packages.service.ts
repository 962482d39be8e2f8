import { SIGN_ORDERS, type PackageSave, type PackageView, type SignOrder } from '@wfsaas/contracts';
import type { Executor } from '../../platform/db.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { Paged, type ServiceCtx } from '../../platform/http.ts';
import * as q from './econtract-setup.queries.ts';
import { requireTemplate } from './templates.service.ts';

/** Contract packages (合同包): templates signed together, with their signing order and deadline. */

const orderLabel = (o: number) => SIGN_ORDERS.find((x) => x.value === o)?.label ?? '';

export type PackageRow = q.PackageRow;

export async function requirePackage(exec: Executor, companyId: number, id: number): Promise<PackageRow> {
  const row = await q.findPackage(exec, companyId, id);
  if (!row) throw notFound('合同包');
  return row;
}

async function packageViews(exec: Executor, companyId: number, rows: PackageRow[]): Promise<PackageView[]> {
  const names = await q.listTemplateNames(exec, companyId, [...new Set(rows.flatMap((r) => r.templateIds))]);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    signOrder: r.signOrder as SignOrder,
    signOrderLabel: orderLabel(r.signOrder),
    deadlineDays: r.deadlineDays,
    remark: r.remark,
    templates: r.templateIds.filter((id) => names.has(id)).map((id) => ({ id, name: names.get(id)! })),
    updatedAt: r.updatedAt.toISOString(),
  }));
}

export async function pagePackages(c: ServiceCtx, input: { pageNum: number; pageSize: number; name?: string }): Promise<Paged<PackageView>> {
  const { rows, total } = await q.listPackagesPage(c.tx, c.companyId, input.name, (input.pageNum - 1) * input.pageSize, input.pageSize);
  return new Paged(await packageViews(c.tx, c.companyId, rows), input.pageNum, input.pageSize, total);
}

export async function listPackages(c: ServiceCtx): Promise<PackageView[]> {
  return packageViews(c.tx, c.companyId, await q.listAllPackages(c.tx, c.companyId));
}

export async function packageDetail(c: ServiceCtx, id: number): Promise<PackageView> {
  return (await packageViews(c.tx, c.companyId, [await requirePackage(c.tx, c.companyId, id)]))[0]!;
}

export async function savePackage(c: ServiceCtx, input: PackageSave): Promise<PackageView> {
  const templateIds = [...new Set(input.templateIds)];
  for (const id of templateIds) await requireTemplate(c.tx, c.companyId, id);
  const values = { name: input.name, templateIds, signOrder: input.signOrder, deadlineDays: input.deadlineDays, remark: input.remark, updatedAt: new Date() };
  let id: number;
  if (input.id) {
    const before = await requirePackage(c.tx, c.companyId, input.id);
    await q.updatePackage(c.tx, c.companyId, before.id, values);
    id = before.id;
    await c.audit({ action: 'signPackage.update', entity: 'sign_package', entityId: id, before: { name: before.name, templateIds: before.templateIds }, after: { name: input.name, templateIds } });
  } else {
    const row = await q.insertPackage(c.tx, { companyId: c.companyId, createdBy: c.user.userId, ...values });
    id = row.id;
    await c.audit({ action: 'signPackage.create', entity: 'sign_package', entityId: id, after: { name: input.name, templateIds } });
  }
  return packageDetail(c, id);
}

export async function removePackage(c: ServiceCtx, id: number): Promise<null> {
  const before = await requirePackage(c.tx, c.companyId, id);
  const scenes = await q.listScenesUsingPackage(c.tx, c.companyId, id);
  if (scenes.length > 0) throw badRequest(`该合同包已用于签署场景“${scenes.join('、')}”，请先从场景中移除`);
  await q.updatePackage(c.tx, c.companyId, id, { archivedAt: new Date() });
  await c.audit({ action: 'signPackage.remove', entity: 'sign_package', entityId: id, before: { name: before.name } });
  return null;
}
