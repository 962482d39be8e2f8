import { Decimal } from 'decimal.js';
import {
  ASSET_STATUS,
  assetActionLabel,
  assetStatusLabel,
  DEFAULT_ASSET_CATEGORIES,
  EMPLOYEE_STATUS,
  type AssetCategoryView,
  type AssetDetail,
  type AssetPage,
  type AssetSave,
  type AssetSettings,
  type AssetStats,
  type AssetStatus,
  type AssetView,
  type UnreturnedAsset,
} from '@wfsaas/contracts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { Paged, type ServiceCtx } from '../../platform/http.ts';
import { startExport } from '../../platform/files/index.ts';
import { requireEmployeesInScope } from '../employees/index.ts';
import { myExportDetail, type ExportView } from '../files/index.ts';
import { ASSET_EXPORT_JOB, type AssetExportParams } from './assets.export.ts';
import * as q from './assets.queries.ts';

/** 资产中心: categories, assets and their life (领用, 归还, 送修, 修好, 报废), every event kept (docs/assets.md). */

const toView = (r: q.AssetListRow): AssetView => ({
  id: r.id,
  assetNo: r.assetNo,
  name: r.name,
  categoryId: r.categoryId,
  categoryName: r.categoryName,
  brandModel: r.brandModel,
  serialNo: r.serialNo,
  value: new Decimal(r.value).toFixed(2),
  purchaseDate: r.purchaseDate,
  location: r.location,
  remark: r.remark,
  status: r.status as AssetStatus,
  holderEmployeeId: r.holderEmployeeId,
  holderName: r.holderName,
  holderNo: r.holderNo,
  issuedOn: r.issuedOn,
  expectedReturnOn: r.expectedReturnOn,
});

/** A company that never opened the asset centre gets the default categories once (the settings row marks it). */
async function ensureStarted(c: ServiceCtx): Promise<void> {
  if (await q.findSettings(c.tx, c.companyId)) return;
  await q.upsertSettings(c.tx, c.companyId, true);
  await q.insertCategories(c.tx, c.companyId, DEFAULT_ASSET_CATEGORIES);
}

export async function listCategoriesView(c: ServiceCtx): Promise<AssetCategoryView[]> {
  await ensureStarted(c);
  const rows = await q.listCategories(c.tx, c.companyId);
  return rows.map((r) => ({ id: r.id, name: r.name, status: r.status === 1 ? 1 : 0, assetCount: r.assetCount }));
}

async function requireCategory(c: ServiceCtx, id: number): Promise<q.CategoryRow> {
  const row = await q.findCategory(c.tx, c.companyId, id);
  if (!row) throw notFound('资产分类');
  return row;
}

export async function saveCategory(c: ServiceCtx, input: { id?: number; name: string }): Promise<AssetCategoryView> {
  await ensureStarted(c);
  if (await q.findCategoryIdByName(c.tx, c.companyId, input.name, input.id)) throw conflict(`分类名称「${input.name}」已存在`);
  if (input.id) {
    const before = await requireCategory(c, input.id);
    const after = await q.updateCategory(c.tx, c.companyId, input.id, { name: input.name });
    await c.audit({ action: 'assetCategory.rename', entity: 'asset_category', entityId: input.id, before: { name: before.name }, after: { name: after.name } });
    return { id: after.id, name: after.name, status: after.status === 1 ? 1 : 0, assetCount: await q.countAssetsInCategory(c.tx, c.companyId, after.id) };
  }
  const [row] = await q.insertCategories(c.tx, c.companyId, [input.name], (await q.maxCategorySort(c.tx, c.companyId)) + 1);
  if (!row) throw conflict(`分类名称「${input.name}」已存在`);
  await c.audit({ action: 'assetCategory.add', entity: 'asset_category', entityId: row.id, after: { name: row.name } });
  return { id: row.id, name: row.name, status: 1, assetCount: 0 };
}

export async function setCategoryStatus(c: ServiceCtx, id: number, status: 0 | 1): Promise<void> {
  const before = await requireCategory(c, id);
  await q.updateCategory(c.tx, c.companyId, id, { status });
  await c.audit({ action: status === 1 ? 'assetCategory.enable' : 'assetCategory.disable', entity: 'asset_category', entityId: id, before: { status: before.status }, after: { status } });
}

export async function removeCategory(c: ServiceCtx, id: number): Promise<void> {
  const before = await requireCategory(c, id);
  const used = await q.countAssetsInCategory(c.tx, c.companyId, id);
  if (used > 0) throw conflict(`分类「${before.name}」下有${used}件资产，不能删除，可以停用`);
  await q.deleteCategory(c.tx, c.companyId, id);
  await c.audit({ action: 'assetCategory.remove', entity: 'asset_category', entityId: id, before: { name: before.name } });
}

const filterOf = (input: Partial<AssetPage>): q.AssetFilter => ({ keyword: input.keyword || undefined, categoryId: input.categoryId, status: input.status, holderEmployeeId: input.holderEmployeeId });

export async function pageAssets(c: ServiceCtx, input: AssetPage): Promise<Paged<AssetView>> {
  const { rows, total } = await q.listAssetsPage(c.tx, c.companyId, filterOf(input), (input.pageNum - 1) * input.pageSize, input.pageSize);
  return new Paged(rows.map(toView), input.pageNum, input.pageSize, total);
}

/** 导出: the list under its filters as a 下载中心 file (asking twice within ten seconds gives the same export). */
export async function requestAssetExport(c: ServiceCtx, input: Partial<AssetPage>): Promise<ExportView> {
  const filter: AssetExportParams = filterOf(input);
  const window = Math.floor(Date.now() / 10_000);
  const row = await startExport(c.tx, c.services, {
    companyId: c.companyId,
    userId: c.user.userId,
    name: '资产清单',
    jobType: ASSET_EXPORT_JOB,
    payload: filter,
    idempotencyKey: `assets:${c.user.userId}:${JSON.stringify(filter)}:${window}`,
  });
  await c.audit({ action: 'asset.export', entity: 'file_export', entityId: row.id, after: { exportId: row.id, filter } });
  return myExportDetail(c, row.id);
}

export async function assetStats(c: ServiceCtx, input: Partial<AssetPage>): Promise<AssetStats> {
  const totals = await q.assetStatusTotals(c.tx, c.companyId, filterOf(input));
  const count = (s: number) => totals.find((t) => t.status === s)?.count ?? 0;
  const sum = (pick: (s: number) => boolean) => totals.filter((t) => pick(t.status)).reduce((a, t) => a.plus(t.value), new Decimal(0)).toFixed(2);
  return {
    counts: { all: totals.reduce((a, t) => a + t.count, 0), '1': count(1), '2': count(2), '3': count(3), '4': count(4) },
    totalValue: sum((s) => s !== ASSET_STATUS.scrapped),
    issuedValue: sum((s) => s === ASSET_STATUS.issued),
  };
}

async function requireAsset(c: ServiceCtx, id: number): Promise<q.AssetListRow> {
  const row = await q.findAsset(c.tx, c.companyId, id);
  if (!row) throw notFound('资产');
  return row;
}

export async function assetDetail(c: ServiceCtx, id: number): Promise<AssetDetail> {
  const row = await requireAsset(c, id);
  const events = await q.listAssetEvents(c.tx, c.companyId, id);
  return {
    ...toView(row),
    events: events.map((e) => ({
      id: e.event.id,
      action: e.event.action,
      actionLabel: assetActionLabel(e.event.action),
      fromStatus: e.event.fromStatus,
      toStatus: e.event.toStatus,
      employeeName: e.employeeName,
      day: e.event.day,
      note: e.event.note,
      actorName: e.actorName,
      at: e.event.at.toISOString(),
    })),
  };
}

/** The next free number ZC-0001, ZC-0002 … (one past the highest number of that shape). */
export async function nextAssetNo(c: ServiceCtx): Promise<{ assetNo: string }> {
  const prefix = 'ZC-';
  const nos = await q.listAssetNosWithPrefix(c.tx, c.companyId, prefix);
  const max = nos.reduce((m, no) => {
    const hit = /^ZC-(\d+)$/i.exec(no);
    return hit ? Math.max(m, Number(hit[1])) : m;
  }, 0);
  return { assetNo: `${prefix}${String(max + 1).padStart(4, '0')}` };
}

async function requireUsableCategory(c: ServiceCtx, categoryId: number, currentId?: number): Promise<q.CategoryRow> {
  const cat = await q.findCategory(c.tx, c.companyId, categoryId);
  if (!cat) throw badRequest('资产分类：所选分类不存在');
  if (cat.status !== 1 && cat.id !== currentId) throw badRequest(`资产分类：分类「${cat.name}」已停用，请重新选择`);
  return cat;
}

export async function saveAsset(c: ServiceCtx, input: AssetSave): Promise<AssetView> {
  if (await q.findAssetIdByNo(c.tx, c.companyId, input.assetNo, input.id)) throw conflict(`资产编号「${input.assetNo}」已存在`);
  const values = {
    assetNo: input.assetNo,
    name: input.name,
    categoryId: input.categoryId,
    brandModel: input.brandModel,
    serialNo: input.serialNo,
    value: new Decimal(input.value).toFixed(2),
    purchaseDate: input.purchaseDate,
    location: input.location,
    remark: input.remark,
  };
  if (input.id) {
    const before = await requireAsset(c, input.id);
    await requireUsableCategory(c, input.categoryId, before.categoryId);
    const after = await q.updateAsset(c.tx, c.companyId, input.id, [ASSET_STATUS.inStock, ASSET_STATUS.issued, ASSET_STATUS.repairing], values);
    if (!after) throw conflict(`资产${before.assetNo}已报废，不能编辑`);
    await q.insertAssetEvent(c.tx, { companyId: c.companyId, assetId: after.id, action: 'edit', fromStatus: before.status, toStatus: after.status, actorUserId: c.user.userId });
    await c.audit({ action: 'asset.edit', entity: 'asset', entityId: after.id, before: pick(before), after: values });
    return toView((await q.findAsset(c.tx, c.companyId, after.id))!);
  }
  await requireUsableCategory(c, input.categoryId);
  const row = await q.insertAsset(c.tx, c.companyId, { ...values, status: ASSET_STATUS.inStock });
  await q.insertAssetEvent(c.tx, { companyId: c.companyId, assetId: row.id, action: 'create', fromStatus: null, toStatus: row.status, day: input.purchaseDate, actorUserId: c.user.userId });
  await c.audit({ action: 'asset.add', entity: 'asset', entityId: row.id, after: values });
  return toView((await q.findAsset(c.tx, c.companyId, row.id))!);
}

const pick = (r: q.AssetRow) => ({
  assetNo: r.assetNo,
  name: r.name,
  categoryId: r.categoryId,
  brandModel: r.brandModel,
  serialNo: r.serialNo,
  value: r.value,
  purchaseDate: r.purchaseDate,
  location: r.location,
  remark: r.remark,
});

type Move = { action: string; from: readonly AssetStatus[]; to: AssetStatus; set?: Partial<q.NewAsset>; employeeId?: number | null; day: string; note?: string; doing: string };

/** Moves an asset along its life, refusing (409) from any other status, and records the event. */
async function move(c: ServiceCtx, id: number, m: Move): Promise<AssetView> {
  const before = await requireAsset(c, id);
  const after = m.from.includes(before.status as AssetStatus) ? await q.updateAsset(c.tx, c.companyId, id, m.from, { ...m.set, status: m.to }) : null;
  if (!after) throw conflict(`资产${before.assetNo}当前为「${assetStatusLabel(before.status)}」，不能${m.doing}`);
  await q.insertAssetEvent(c.tx, { companyId: c.companyId, assetId: id, action: m.action, fromStatus: before.status, toStatus: m.to, employeeId: m.employeeId ?? null, day: m.day, note: m.note ?? '', actorUserId: c.user.userId });
  await c.audit({ action: `asset.${m.action}`, entity: 'asset', entityId: id, before: { status: before.status, holderEmployeeId: before.holderEmployeeId }, after: { status: m.to, holderEmployeeId: after.holderEmployeeId, day: m.day, note: m.note ?? '' } });
  return toView((await q.findAsset(c.tx, c.companyId, id))!);
}

const ON_JOB: readonly number[] = [EMPLOYEE_STATUS.probation, EMPLOYEE_STATUS.regular];

export async function issueAsset(c: ServiceCtx, input: { id: number; employeeId: number; day: string; expectedReturnOn: string | null; note: string }): Promise<AssetView> {
  const e = await q.findEmployeeForIssue(c.tx, c.companyId, input.employeeId);
  if (!e || e.archived) throw notFound('员工');
  await requireEmployeesInScope(c, [e]);
  if (!ON_JOB.includes(e.status)) throw badRequest(`领用人：${e.name}不是在职员工（试用期或正式），不能领用资产`);
  if (input.expectedReturnOn && input.expectedReturnOn < input.day) throw badRequest('预计归还日期：不能早于领用日期');
  return move(c, input.id, {
    action: 'issue',
    from: [ASSET_STATUS.inStock],
    to: ASSET_STATUS.issued,
    set: { holderEmployeeId: e.id, issuedOn: input.day, expectedReturnOn: input.expectedReturnOn },
    employeeId: e.id,
    day: input.day,
    note: input.note,
    doing: '领用',
  });
}

export async function returnAsset(c: ServiceCtx, input: { id: number; day: string; condition: string }): Promise<AssetView> {
  const before = await requireAsset(c, input.id);
  if (before.issuedOn && input.day < before.issuedOn) throw badRequest(`归还日期：不能早于领用日期${before.issuedOn}`);
  return move(c, input.id, {
    action: 'return',
    from: [ASSET_STATUS.issued],
    to: ASSET_STATUS.inStock,
    set: { holderEmployeeId: null, issuedOn: null, expectedReturnOn: null },
    employeeId: before.holderEmployeeId,
    day: input.day,
    note: input.condition,
    doing: '归还',
  });
}

export const repairAsset = (c: ServiceCtx, input: { id: number; day: string; note: string }): Promise<AssetView> =>
  move(c, input.id, { action: 'repair', from: [ASSET_STATUS.inStock], to: ASSET_STATUS.repairing, day: input.day, note: input.note, doing: '送修（已领用的资产请先归还）' });

export const repairedAsset = (c: ServiceCtx, input: { id: number; day: string; note: string }): Promise<AssetView> =>
  move(c, input.id, { action: 'repaired', from: [ASSET_STATUS.repairing], to: ASSET_STATUS.inStock, day: input.day, note: input.note, doing: '登记修好' });

/** 报废 is final: nothing moves an asset out of it. */
export const scrapAsset = (c: ServiceCtx, input: { id: number; day: string; reason: string }): Promise<AssetView> =>
  move(c, input.id, { action: 'scrap', from: [ASSET_STATUS.inStock, ASSET_STATUS.repairing], to: ASSET_STATUS.scrapped, day: input.day, note: input.reason, doing: '报废（已领用的资产请先归还）' });

export async function readAssetSettings(c: ServiceCtx): Promise<AssetSettings> {
  return { blockQuit: (await q.findSettings(c.tx, c.companyId))?.blockQuit ?? true };
}

export async function saveAssetSettings(c: ServiceCtx, input: AssetSettings): Promise<AssetSettings> {
  const before = await readAssetSettings(c);
  await ensureStarted(c);
  await q.upsertSettings(c.tx, c.companyId, input.blockQuit);
  await c.audit({ action: 'asset.settings', entity: 'asset_settings', entityId: c.companyId, before, after: input });
  return input;
}

/** The assets these employees still hold (已领用), for the resignation screens and rules. */
export async function unreturnedAssets(c: Pick<ServiceCtx, 'tx' | 'companyId'>, employeeIds: readonly number[]): Promise<UnreturnedAsset[]> {
  const rows = await q.listHeldAssets(c.tx, c.companyId, employeeIds);
  return rows.map((r) => ({ id: r.id, assetNo: r.assetNo, name: r.name, categoryName: r.categoryName, employeeId: r.holderEmployeeId!, employeeName: r.holderName ?? '', issuedOn: r.issuedOn }));
}

/** 张三有2件资产未归还（MBP-0012 笔记本电脑，…），请先办理归还 — or null when nothing is held. */
export function unreturnedMessage(name: string, held: readonly UnreturnedAsset[]): string | null {
  if (held.length === 0) return null;
  const shown = held.slice(0, 5).map((a) => `${a.assetNo} ${a.name}`);
  return `${name}有${held.length}件资产未归还（${shown.join('，')}${held.length > 5 ? '，…' : ''}），请先办理归还`;
}

/** Whether an employee's unreturned assets block the resignation (the company setting, on by default). */
export async function assetsBlockQuit(c: Pick<ServiceCtx, 'tx' | 'companyId'>): Promise<boolean> {
  return (await q.findSettings(c.tx, c.companyId))?.blockQuit ?? true;
}

/** The assets an employee holds now (the roster's employee file). */
export async function assetsOfEmployee(c: ServiceCtx, employeeId: number): Promise<AssetView[]> {
  const e = await q.findEmployeeForIssue(c.tx, c.companyId, employeeId);
  if (!e) throw notFound('员工');
  await requireEmployeesInScope(c, [e]);
  return (await q.listHeldAssets(c.tx, c.companyId, [employeeId])).map(toView);
}
