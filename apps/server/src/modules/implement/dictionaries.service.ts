import {
  COMPANY_DICT_PREFIX,
  COMPANY_ITEM_PREFIX,
  DICT_WIDGET_KEY,
  SYSTEM_DICTIONARIES,
  systemDictionary,
  type DictionaryItem,
  type DictionaryItemSave,
  type DictionaryListView,
  type DictionarySave,
  type DictionaryUsage,
  type DictionaryUsagePlace,
  type SystemDictionary,
} from '@wfsaas/contracts';
import type { Executor } from '../../platform/db.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import type { ServiceCtx } from '../../platform/http.ts';
import * as q from './dictionaries.queries.ts';

/**
 * 字典中心 (docs/dictionaries.md): system dictionaries come from the code tables and never change; a
 * company keeps its own (`c_…`) and may add items to an extendable system one. An item in use is
 * disabled, never deleted.
 */

type Scope = Pick<ServiceCtx, 'tx' | 'companyId'>;

/** Another module's records that may store an item's value: it answers how many and a few names. */
export type DictionaryUsageSource = (exec: Executor, companyId: number, dictCode: string, value: string) => Promise<DictionaryUsagePlace[]>;
const usageSources: DictionaryUsageSource[] = [];

/** Lets a module that stores dictionary values (filled forms, …) take part in 查看引用 and the delete check. */
export function registerDictionaryUsageSource(source: DictionaryUsageSource): void {
  if (!usageSources.includes(source)) usageSources.push(source);
}

const systemItem = (o: { value: string; label: string }, i: number): DictionaryItem => ({ value: o.value, label: o.label, enabled: true, sort: i + 1, system: true });
const companyItem = (r: q.ItemRow, offset: number): DictionaryItem => ({ value: r.value, label: r.label, enabled: r.enabled, sort: offset + r.sort, system: false });

/** A dictionary as the caller's company sees it: the system one (with the company's additions) or its own. */
type Resolved = { code: string; name: string; system: SystemDictionary | null; own: q.DictionaryRow | null };

async function resolve(c: Scope, code: string): Promise<Resolved> {
  const sys = systemDictionary(code);
  if (sys) return { code, name: sys.name, system: sys, own: null };
  const own = code.startsWith(COMPANY_DICT_PREFIX) ? await q.findDictionary(c.tx, c.companyId, code) : null;
  if (!own) throw notFound(`字典「${code}」`);
  return { code, name: own.name, system: null, own };
}

async function itemsOf(c: Scope, d: Resolved): Promise<DictionaryItem[]> {
  const fixed = d.system ? d.system.items.map((o, i) => systemItem(o, i)) : [];
  const added = d.system && !d.system.extendable ? [] : await q.listItems(c.tx, c.companyId, d.code);
  return [...fixed, ...added.map((r) => companyItem(r, fixed.length))];
}

/** customDictionary/list: system dictionaries first, then the company's own. */
export async function listDictionaries(c: ServiceCtx): Promise<DictionaryListView[]> {
  const counts = await q.itemCounts(c.tx, c.companyId);
  const sys = SYSTEM_DICTIONARIES.map((d): DictionaryListView => {
    const extra = d.extendable ? (counts.get(d.code) ?? { total: 0, enabled: 0 }) : { total: 0, enabled: 0 };
    return { code: d.code, name: d.name, system: true, description: d.description, itemCount: d.items.length + extra.total, enabledCount: d.items.length + extra.enabled, extendable: d.extendable };
  });
  const own = (await q.listDictionaries(c.tx, c.companyId)).map((d): DictionaryListView => {
    const n = counts.get(d.code) ?? { total: 0, enabled: 0 };
    return { code: d.code, name: d.name, system: false, description: d.description, itemCount: n.total, enabledCount: n.enabled, extendable: true };
  });
  return [...sys, ...own];
}

/** customDictionary/items: enabled items only, unless the editor asks for all. */
export async function listItems(c: ServiceCtx, code: string, includeDisabled = false): Promise<DictionaryItem[]> {
  const items = await itemsOf(c, await resolve(c, code));
  return includeDisabled ? items : items.filter((i) => i.enabled);
}

/**
 * The item a record may store: an enabled item of the dictionary (system or the company's). Refused
 * with the field's label when unknown or disabled. Other modules validate their fields with it.
 */
export async function requireDictionaryItem(c: Scope, code: string, value: string, fieldLabel: string): Promise<DictionaryItem> {
  const item = (await itemsOf(c, await resolve(c, code))).find((i) => i.value === value);
  if (!item) throw badRequest(`${fieldLabel}：「${value}」不是有效的选项`);
  if (!item.enabled) throw badRequest(`${fieldLabel}：「${item.label}」已停用，请选择其他选项`);
  return item;
}

function refuseSystem(d: Resolved, doing: string): void {
  if (d.system && !d.system.extendable) throw badRequest(`「${d.name}」是系统字典，不能${doing}`);
}

/** customDictionary/save: 新增字典 or its name and description; the code never changes. */
export async function saveDictionary(c: ServiceCtx, input: DictionarySave): Promise<DictionaryListView> {
  if (systemDictionary(input.code)) throw badRequest(`字典编码「${input.code}」是系统字典，不能修改`);
  const description = input.description ?? '';
  const existing = await q.findDictionary(c.tx, c.companyId, input.code);
  const clash = (await q.listDictionaries(c.tx, c.companyId)).find((d) => d.name === input.name && d.code !== input.code) ?? SYSTEM_DICTIONARIES.find((d) => d.name === input.name);
  if (clash) throw conflict(`字典名称「${input.name}」已存在`);
  let row: q.DictionaryRow;
  if (input.isNew) {
    if (existing) throw conflict(`字典编码「${input.code}」已存在`);
    row = await q.insertDictionary(c.tx, c.companyId, { code: input.code, name: input.name, description, createdBy: c.user.userId });
    await c.audit({ action: 'dictionary.add', entity: 'dictionary', entityId: row.id, after: { code: row.code, name: row.name, description } });
  } else {
    if (!existing) throw notFound(`字典「${input.code}」`);
    row = await q.updateDictionary(c.tx, c.companyId, input.code, { name: input.name, description });
    await c.audit({ action: 'dictionary.edit', entity: 'dictionary', entityId: row.id, before: { name: existing.name, description: existing.description }, after: { name: row.name, description } });
  }
  const n = (await q.itemCounts(c.tx, c.companyId)).get(row.code) ?? { total: 0, enabled: 0 };
  return { code: row.code, name: row.name, system: false, description: row.description, itemCount: n.total, enabledCount: n.enabled, extendable: true };
}

/** customDictionary/remove: only a company's own dictionary no form field uses and none of whose items is in use. */
export async function removeDictionary(c: ServiceCtx, code: string): Promise<void> {
  const d = await resolve(c, code);
  if (d.system) throw badRequest(`「${d.name}」是系统字典，不能删除`);
  const widgets = await q.widgetsUsingDictionary(c.tx, c.companyId, code, DICT_WIDGET_KEY);
  if (widgets.length > 0) throw conflict(`字典「${d.name}」被${widgets.length}个表单字段引用（${widgets.map((w) => w.label).join('、')}），不能删除`);
  for (const item of await q.listItems(c.tx, c.companyId, code)) {
    const usage = await usageOf(c, d, item.value, item.label);
    if (usage.count > 0) throw conflict(`选项「${item.label}」已被${usage.count}条记录使用，字典不能删除，可停用不再使用的选项`);
  }
  await q.deleteDictionary(c.tx, c.companyId, code);
  await c.audit({ action: 'dictionary.remove', entity: 'dictionary', entityId: d.own!.id, before: { code, name: d.name } });
}

/** A fresh value: the next number for a company's own dictionary, `c_<n>` for an addition to a system one. */
function nextValue(d: Resolved, items: readonly q.ItemRow[]): string {
  const prefix = d.system ? COMPANY_ITEM_PREFIX : '';
  const used = items.map((i) => (i.value.startsWith(prefix) ? Number(i.value.slice(prefix.length)) : NaN)).filter((n) => Number.isInteger(n));
  return `${prefix}${Math.max(0, ...used) + 1}`;
}

/** customDictionary/item/save: 新增选项 (the value is given here) or a new label for one. */
export async function saveItem(c: ServiceCtx, input: DictionaryItemSave): Promise<DictionaryItem> {
  const d = await resolve(c, input.code);
  refuseSystem(d, input.value ? '修改选项' : '新增选项');
  const all = await itemsOf(c, d);
  const own = await q.listItems(c.tx, c.companyId, d.code);
  const same = all.find((i) => i.label === input.label && i.value !== input.value);
  if (same) throw conflict(`选项名称「${input.label}」已存在`);
  if (input.value) {
    const before = all.find((i) => i.value === input.value);
    if (!before) throw notFound(`选项「${input.value}」`);
    if (before.system) throw badRequest(`「${before.label}」是系统选项，不能修改`);
    const row = await q.updateItem(c.tx, c.companyId, d.code, input.value, { label: input.label });
    await c.audit({ action: 'dictionaryItem.edit', entity: 'dictionary', entityId: d.own?.id ?? null, before: { code: d.code, value: before.value, label: before.label }, after: { label: row.label } });
    return companyItem(row, all.length - own.length);
  }
  if (own.length >= 500) throw badRequest('选项：一个字典最多500个选项');
  const sort = Math.max(0, ...own.map((i) => i.sort)) + 1;
  const row = await q.insertItem(c.tx, c.companyId, { dictCode: d.code, value: nextValue(d, own), label: input.label, sort });
  await c.audit({ action: 'dictionaryItem.add', entity: 'dictionary', entityId: d.own?.id ?? null, after: { code: d.code, value: row.value, label: row.label } });
  return companyItem(row, all.length - own.length);
}

async function requireCompanyItem(c: Scope, d: Resolved, value: string, doing: string): Promise<q.ItemRow> {
  refuseSystem(d, doing);
  if (d.system?.items.some((i) => i.value === value)) throw badRequest(`系统选项不能${doing}`);
  const [row] = await q.findItemsByValues(c.tx, c.companyId, d.code, [value]);
  if (!row) throw notFound(`选项「${value}」`);
  return row;
}

/** customDictionary/item/enable: 启用 / 停用; a disabled item stays readable for the records that hold it. */
export async function enableItem(c: ServiceCtx, code: string, value: string, enabled: boolean): Promise<void> {
  const d = await resolve(c, code);
  const row = await requireCompanyItem(c, d, value, enabled ? '启用' : '停用');
  if (row.enabled === enabled) return;
  await q.updateItem(c.tx, c.companyId, d.code, value, { enabled });
  await c.audit({ action: enabled ? 'dictionaryItem.enable' : 'dictionaryItem.disable', entity: 'dictionary', entityId: d.own?.id ?? null, before: { code, value, enabled: row.enabled }, after: { enabled } });
}

/** customDictionary/item/reorder: the company's items in the order given (every one of them, once). */
export async function reorderItems(c: ServiceCtx, code: string, values: readonly string[]): Promise<DictionaryItem[]> {
  const d = await resolve(c, code);
  refuseSystem(d, '调整顺序');
  const own = await q.listItems(c.tx, c.companyId, d.code);
  const known = new Set(own.map((i) => i.value));
  if (new Set(values).size !== values.length || values.length !== own.length || values.some((v) => !known.has(v))) {
    throw badRequest('选项顺序：应包含本字典每个企业选项各一次（系统选项固定在前），请刷新后重试');
  }
  await q.setItemOrder(c.tx, c.companyId, d.code, values);
  await c.audit({ action: 'dictionaryItem.reorder', entity: 'dictionary', entityId: d.own?.id ?? null, before: { code, values: own.map((i) => i.value) }, after: { values } });
  return itemsOf(c, d);
}

async function usageOf(c: Scope, d: Resolved, value: string, label: string): Promise<DictionaryUsage> {
  const places: DictionaryUsagePlace[] = [];
  const add = (place: string, u: q.UsageCount) => {
    if (u.count > 0) places.push({ place, count: u.count, examples: u.examples });
  };
  if (q.employeeColumnFor(d.code)) add(`员工档案 · ${d.name}`, await q.employeesWithFieldValue(c.tx, c.companyId, d.code, value));
  if (d.code === 'quitReason') add('离职记录 · 离职原因', await q.quitsWithValue(c.tx, c.companyId, 'reasonCode', value));
  if (d.code === 'quitType') add('离职记录 · 离职类型', await q.quitsWithValue(c.tx, c.companyId, 'quitType', value));
  for (const w of await q.widgetsUsingDictionary(c.tx, c.companyId, d.code, DICT_WIDGET_KEY)) {
    if (w.scene === 'employee') add(`员工档案 · ${w.label}`, await q.employeesWithCustomValue(c.tx, c.companyId, w.key, value));
  }
  for (const source of usageSources) places.push(...(await source(c.tx, c.companyId, d.code, value)).filter((p) => p.count > 0));
  return { code: d.code, value, label, count: places.reduce((s, p) => s + p.count, 0), places };
}

/** customDictionary/item/usage: where an item's value is stored. */
export async function itemUsage(c: ServiceCtx, code: string, value: string): Promise<DictionaryUsage> {
  const d = await resolve(c, code);
  const item = (await itemsOf(c, d)).find((i) => i.value === value);
  if (!item) throw notFound(`选项「${value}」`);
  return usageOf(c, d, value, item.label);
}

/** customDictionary/item/remove: an unused company item only; a used one is refused with its count (停用 instead). */
export async function removeItem(c: ServiceCtx, code: string, value: string): Promise<void> {
  const d = await resolve(c, code);
  const row = await requireCompanyItem(c, d, value, '删除');
  const usage = await usageOf(c, d, value, row.label);
  if (usage.count > 0) {
    const where = usage.places.map((p) => `${p.place}${p.count}条`).join('、');
    throw conflict(`选项「${row.label}」已被${usage.count}条记录使用（${where}），不能删除，可停用后不再供选择`);
  }
  await q.deleteItem(c.tx, c.companyId, d.code, value);
  await c.audit({ action: 'dictionaryItem.remove', entity: 'dictionary', entityId: d.own?.id ?? null, before: { code, value, label: row.label } });
}
