import type { FeeKind, PlanSave, PlanTemplateDetail, PlanTemplateRow, PlanView, VatKind } from '@wfsaas/contracts';
import Decimal from 'decimal.js';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import type { ServiceCtx } from '../../platform/http.ts';
import { requirePlan } from './common.queries.ts';
import * as q from './plans.queries.ts';

/** 方案: list, save (fee rules, the company's own salary group, insured entity and contract package), remove; the templates of their packages. */

function planView(r: q.PlanListRow): PlanView {
  return {
    id: r.id,
    name: r.name,
    feeKind: r.feeKind as FeeKind,
    feeAmount: r.feeAmount,
    feeRate: r.feeRate,
    vatKind: r.vatKind as VatKind,
    salaryGroupId: r.salaryGroupId,
    salaryGroupName: r.salaryGroupName,
    siEntityId: r.siEntityId,
    siEntityName: r.siEntityName,
    contractPackageId: r.contractPackageId,
    contractPackageName: r.contractPackageName,
    remark: r.remark,
    clientCount: Number(r.clientCount),
    updatedAt: r.updatedAt.toISOString(),
  };
}

export async function listPlansView(c: ServiceCtx): Promise<PlanView[]> {
  return (await q.listPlans(c.tx, c.companyId)).map(planView);
}

/** The fee fields the kind needs: an amount per head, or a rate above 0 and at most 1. */
function feeValues(input: PlanSave): { feeAmount: string | null; feeRate: string | null } {
  if (input.feeKind === 'perHead') {
    if (input.feeAmount === null) throw badRequest('每人每月服务费：按人头收取服务费时请填写每人每月服务费');
    return { feeAmount: new Decimal(input.feeAmount).toFixed(2), feeRate: null };
  }
  if (input.feeRate === null) throw badRequest('服务费比例：按比例收取服务费时请填写服务费比例');
  const rate = new Decimal(input.feeRate);
  if (rate.lte(0) || rate.gt(1)) throw badRequest('服务费比例：应大于0且不超过1，如0.08表示8%');
  return { feeAmount: null, feeRate: rate.toFixed(6) };
}

/** The salary group, insured entity and contract package must be the company's own live ones. */
async function checkReferences(c: ServiceCtx, input: PlanSave): Promise<void> {
  if (input.salaryGroupId !== null && !(await q.salaryGroupName(c.tx, c.companyId, input.salaryGroupId))) throw badRequest('薪资组：所选薪资组不存在或已删除');
  if (input.siEntityId !== null && !(await q.siEntityName(c.tx, c.companyId, input.siEntityId))) throw badRequest('参保主体：所选参保主体不存在或已删除');
  if (input.contractPackageId !== null && !(await q.findPackage(c.tx, c.companyId, input.contractPackageId))) throw badRequest('合同包：所选合同包不存在或已删除');
}

export async function savePlan(c: ServiceCtx, input: PlanSave): Promise<PlanView> {
  const before = input.id ? await requirePlan(c.tx, c.companyId, input.id) : null;
  const fee = feeValues(input);
  await checkReferences(c, input);
  if (await q.findPlanIdByName(c.tx, c.companyId, input.name, input.id)) throw conflict(`方案名称：方案「${input.name}」已存在`);
  const values: q.NewPlan = {
    name: input.name,
    feeKind: input.feeKind,
    ...fee,
    vatKind: input.vatKind,
    salaryGroupId: input.salaryGroupId,
    siEntityId: input.siEntityId,
    contractPackageId: input.contractPackageId,
    remark: input.remark,
    updatedBy: c.user.userId,
  };
  const saved = before ? await q.updatePlan(c.tx, c.companyId, before.id, values) : await q.insertPlan(c.tx, c.companyId, { ...values, createdBy: c.user.userId });
  await c.audit({ action: before ? 'os.plan.update' : 'os.plan.create', entity: 'os_plan', entityId: saved.id, before, after: saved });
  const view = (await q.listPlans(c.tx, c.companyId)).find((p) => p.id === saved.id);
  return planView(view!);
}

export async function removePlan(c: ServiceCtx, id: number): Promise<null> {
  const plan = await requirePlan(c.tx, c.companyId, id);
  const users = await q.clientNamesOfPlan(c.tx, c.companyId, id);
  if (users.length > 0) throw conflict(`方案「${plan.name}」正被用工单位${users.map((n) => `“${n}”`).join('、')}使用，不能删除`);
  await q.archivePlan(c.tx, c.companyId, id, c.user.userId);
  await c.audit({ action: 'os.plan.remove', entity: 'os_plan', entityId: id, before: plan });
  return null;
}

const signerCount = (fields: Record<string, unknown>[]) => ['companySeal', 'employeeSign'].filter((k) => fields.some((f) => f.kind === k)).length;

/** The templates of a package one of the company's plans uses. */
export async function planTemplates(c: ServiceCtx, packageId: number): Promise<PlanTemplateRow[]> {
  const pkg = (await q.packagesOfPlans(c.tx, c.companyId)).find((p) => p.id === packageId);
  if (!pkg) throw notFound('合同包');
  const rows = await q.listTemplates(c.tx, c.companyId, pkg.templateIds);
  const order = new Map(pkg.templateIds.map((id, i) => [id, i]));
  return rows
    .sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0))
    .map((t) => ({ id: t.id, name: t.name, contractTypeName: t.contractTypeName, signerCount: signerCount(t.fields), fieldCount: t.fields.length, updatedAt: t.updatedAt.toISOString(), plans: pkg.plans }));
}

/** One template reachable through a package of the company's plans, with its fields. */
export async function planTemplateDetail(c: ServiceCtx, templateId: number): Promise<PlanTemplateDetail> {
  const packages = (await q.packagesOfPlans(c.tx, c.companyId)).filter((p) => p.templateIds.includes(templateId));
  const [t] = packages.length ? await q.listTemplates(c.tx, c.companyId, [templateId]) : [];
  if (!t) throw notFound('合同模板');
  return {
    id: t.id,
    name: t.name,
    packageNames: packages.map((p) => p.name),
    fields: t.fields.map((f) => ({ key: String(f.key ?? ''), label: String(f.label ?? ''), source: String(f.source ?? f.kind ?? '') })),
    pageCount: t.pages.length || null,
    previewFileId: t.previewFileId,
  };
}
