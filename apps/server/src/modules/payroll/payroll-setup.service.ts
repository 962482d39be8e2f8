import {
  type CalendarSave,
  type CalendarView,
  type GroupListItem,
  type GroupMemberView,
  type GroupSave,
  type GroupView,
  type PolicySave,
  type PolicyView,
  type TaxProfileSave,
  type TaxProfileView,
  TAX_RULE,
} from '@wfsaas/contracts';
import { compileGroup, findPolicy, GroupConfigError, POLICIES_2025, PayrollInputError, validateCityPolicy, type CityPolicy } from '@wfsaas/payroll';
import type { StoredGroupConfig } from '../../db/schema/payroll.ts';
import type { Executor } from '../../platform/db.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { chinaMonth } from '../../platform/china-date.ts';
import { Paged, type ServiceCtx } from '../../platform/http.ts';
import { BUILTIN_CALENDARS, dayKinds, effectiveDays, monthBounds, monthWorkingDays, type CompanyDay, type DayKinds } from './payroll-calendar.ts';
import * as q from './payroll.queries.ts';

// ── City policies ──

const policyKey = (city: string, from: string) => `${city}@${from}`;

function builtinView(p: CityPolicy): PolicyView {
  return {
    id: null,
    key: policyKey(p.city, p.effectiveFrom),
    city: p.city,
    effectiveFrom: p.effectiveFrom,
    effectiveTo: p.effectiveTo,
    source: p.source,
    verified: p.verified,
    origin: 'builtin',
    items: p.items.map((i) => ({ ...i, rateRange: i.rateRange ? { ...i.rateRange } : undefined, rounding: { ...i.rounding } })),
  };
}

function rowView(r: q.PolicyRow): PolicyView {
  return {
    id: r.id,
    key: policyKey(r.city, r.effectiveFrom),
    city: r.city,
    effectiveFrom: r.effectiveFrom,
    effectiveTo: r.effectiveTo,
    source: r.source,
    verified: r.items.every((i) => i.verified),
    origin: 'company',
    items: r.items,
  };
}

/** The policies a company sees: its own, and the built-in ones it has not replaced with a copy. */
export async function effectivePolicies(exec: Executor, companyId: number): Promise<PolicyView[]> {
  const own = (await q.listPolicies(exec, companyId)).map(rowView);
  const ownKeys = new Set(own.map((p) => p.key));
  const builtin = POLICIES_2025.map(builtinView).filter((p) => !ownKeys.has(p.key));
  return [...own, ...builtin].sort((a, b) => a.city.localeCompare(b.city, 'zh-CN') || a.effectiveFrom.localeCompare(b.effectiveFrom));
}

export function toCityPolicy(p: PolicyView): CityPolicy {
  return { city: p.city, effectiveFrom: p.effectiveFrom, effectiveTo: p.effectiveTo, source: p.source, verified: p.verified, items: p.items };
}

/** The policy of a city in force on the first day of `month`; a Chinese error when there is none. */
/** Every city policy the company sees (built-in ones and its own, its own replacing a built-in one). */
export async function cityPolicies(exec: Executor, companyId: number): Promise<CityPolicy[]> {
  return (await effectivePolicies(exec, companyId)).map(toCityPolicy);
}

export async function policyForMonth(exec: Executor, companyId: number, city: string, month: string): Promise<CityPolicy> {
  const all = await cityPolicies(exec, companyId);
  try {
    return findPolicy(all, city, `${month}-01`);
  } catch (err) {
    if (err instanceof PayrollInputError) throw badRequest(err.message);
    throw err;
  }
}

export async function listPoliciesView(c: ServiceCtx, city?: string): Promise<PolicyView[]> {
  const all = await effectivePolicies(c.tx, c.companyId);
  return city ? all.filter((p) => p.city.includes(city)) : all;
}

export async function savePolicy(c: ServiceCtx, input: PolicySave): Promise<PolicyView> {
  const policy: CityPolicy = { city: input.city, effectiveFrom: input.effectiveFrom, effectiveTo: input.effectiveTo, source: input.source, verified: input.items.every((i) => i.verified), items: input.items };
  try {
    validateCityPolicy(policy);
  } catch (err) {
    if (err instanceof PayrollInputError) throw badRequest(err.message);
    throw err;
  }
  const others = (await effectivePolicies(c.tx, c.companyId)).filter(
    (p) => p.city === input.city && p.id !== (input.id ?? null) && !(p.origin === 'builtin' && p.effectiveFrom === input.effectiveFrom),
  );
  for (const o of others) {
    const overlaps = o.effectiveFrom <= (input.effectiveTo ?? '9999-12-31') && input.effectiveFrom <= (o.effectiveTo ?? '9999-12-31');
    if (overlaps) throw badRequest(`${input.city}已有${o.effectiveFrom}起生效的社保政策，生效期间不能重叠，请先调整该政策的失效日期`);
  }
  const values = { city: input.city, effectiveFrom: input.effectiveFrom, effectiveTo: input.effectiveTo, source: input.source, items: input.items, updatedBy: c.user.userId };
  if (input.id !== undefined) {
    const row = await q.findPolicyRow(c.tx, c.companyId, input.id);
    if (!row) throw notFound('社保政策');
    await q.updatePolicy(c.tx, c.companyId, row.id, values);
    await c.audit({ action: 'payroll.policy.update', entity: 'payroll_city_policy', entityId: row.id, before: { city: row.city, effectiveFrom: row.effectiveFrom, items: row.items }, after: values });
    return rowView((await q.findPolicyRow(c.tx, c.companyId, row.id))!);
  }
  const existing = (await q.listPolicies(c.tx, c.companyId)).find((p) => p.city === input.city && p.effectiveFrom === input.effectiveFrom);
  if (existing) throw badRequest(`${input.city}已有${input.effectiveFrom}起生效的社保政策，请直接修改该政策`);
  const row = await q.insertPolicy(c.tx, { companyId: c.companyId, ...values });
  await c.audit({ action: 'payroll.policy.create', entity: 'payroll_city_policy', entityId: row.id, after: values });
  return rowView(row);
}

export async function removePolicy(c: ServiceCtx, id: number): Promise<void> {
  const row = await q.findPolicyRow(c.tx, c.companyId, id);
  if (!row) throw notFound('社保政策');
  await q.updatePolicy(c.tx, c.companyId, id, { archivedAt: new Date() });
  await c.audit({ action: 'payroll.policy.remove', entity: 'payroll_city_policy', entityId: id, before: { city: row.city, effectiveFrom: row.effectiveFrom } });
}

// ── Calendar ──

async function companyDays(exec: Executor, companyId: number, from: string, to: string): Promise<CompanyDay[]> {
  return (await q.listCalendarDays(exec, companyId, from, to)).map((d) => ({ date: d.date, kind: d.kind as 0 | 1 | 2, name: d.name }));
}

/** The special days in force for a year (built-in overridden by the company's). */
export async function calendarKinds(exec: Executor, companyId: number, year: number): Promise<DayKinds> {
  return dayKinds(effectiveDays(year, await companyDays(exec, companyId, `${year}-01-01`, `${year}-12-31`)));
}

export async function workingDaysOfMonth(exec: Executor, companyId: number, month: string): Promise<number> {
  return monthWorkingDays(month, await calendarKinds(exec, companyId, Number(month.slice(0, 4))));
}

export async function calendarView(c: ServiceCtx, year: number): Promise<CalendarView> {
  const days = effectiveDays(year, await companyDays(c.tx, c.companyId, `${year}-01-01`, `${year}-12-31`));
  const kinds = dayKinds(days);
  const workingDays = Array.from({ length: 12 }, (_, i) => monthWorkingDays(`${year}-${String(i + 1).padStart(2, '0')}`, kinds));
  return { year, source: BUILTIN_CALENDARS[year]?.source ?? null, days, workingDays };
}

export async function saveCalendar(c: ServiceCtx, input: CalendarSave): Promise<CalendarView> {
  const seen = new Set<string>();
  for (const d of input.days) {
    if (!d.date.startsWith(`${input.year}-`) || Number.isNaN(Date.parse(`${d.date}T00:00:00Z`)) || new Date(`${d.date}T00:00:00Z`).toISOString().slice(0, 10) !== d.date) {
      throw badRequest(`日期：${d.date}不是${input.year}年的有效日期`);
    }
    if (seen.has(d.date)) throw badRequest(`日期：${d.date}重复`);
    seen.add(d.date);
  }
  await q.replaceCalendarYear(c.tx, c.companyId, input.year, input.days, c.user.userId);
  await c.audit({ action: 'payroll.calendar.save', entity: 'payroll_calendar', entityId: input.year, after: { days: input.days.length } });
  return calendarView(c, input.year);
}

// ── Salary groups ──

function configOf(input: GroupSave): StoredGroupConfig {
  return {
    departmentIds: input.departmentIds,
    employmentTypes: input.employmentTypes,
    includeEmployeeIds: [...new Set(input.includeEmployeeIds)],
    excludeEmployeeIds: [...new Set(input.excludeEmployeeIds)],
    items: input.items.map((i) => ({
      name: i.name,
      type: i.type,
      ...(i.type === 2 ? { formula: i.formula ?? '' } : {}),
      ...(i.type === 4 ? { systemKey: i.systemKey } : {}),
      decimals: i.decimals,
      category: i.category,
      showOnPayslip: i.showOnPayslip,
    })),
    grossItem: input.grossItem,
    netItem: input.netItem,
    taxRule: input.taxRule,
    siCity: input.siCity,
    siBaseRule: input.siBaseRule,
    ...(input.siBaseAmount ? { siBaseAmount: input.siBaseAmount } : {}),
    ...(input.hfRate ? { hfRate: input.hfRate } : {}),
    payDay: input.payDay,
    prorationBasis: input.prorationBasis,
  };
}

/** Checks a group's configuration; a Chinese error naming the item, before anything is written. */
export function checkGroupConfig(config: StoredGroupConfig): void {
  try {
    compileGroup(config);
  } catch (err) {
    if (err instanceof GroupConfigError || err instanceof PayrollInputError) throw badRequest(err.message);
    throw err;
  }
}

/** The members of a group for a month: matched by rule or added by hand, minus those removed. */
export async function resolveMembers(exec: Executor, companyId: number, config: StoredGroupConfig, month: string): Promise<q.PayrollEmployee[]> {
  const { first, last } = monthBounds(month);
  const all = await q.listEmployeesEmployedIn(exec, companyId, first, last);
  return filterMembers(all, await q.listDepartmentPaths(exec, companyId, config.departmentIds), config);
}

/** A group's members among `all`: by hand, or by department subtree (`paths`) and employment type. */
function filterMembers(all: q.PayrollEmployee[], paths: string[], config: StoredGroupConfig): q.PayrollEmployee[] {
  const include = new Set(config.includeEmployeeIds);
  const exclude = new Set(config.excludeEmployeeIds);
  const types = new Set(config.employmentTypes);
  const hasRule = paths.length > 0 || types.size > 0;
  return all.filter((e) => {
    if (exclude.has(e.id)) return false;
    if (include.has(e.id)) return true;
    if (!hasRule) return false;
    if (config.departmentIds.length > 0 && !(e.departmentPath && paths.some((p) => e.departmentPath!.startsWith(p)))) return false;
    if (types.size > 0 && !(e.employmentType !== null && types.has(e.employmentType))) return false;
    return true;
  });
}

/**
 * Members of a wage-taxed group who are also members of another wage-taxed group with a run this
 * month: employee id → the other groups' names. Wages are withheld cumulatively once per employee
 * and month, so only one of the two runs may calculate such an employee.
 */
export async function otherWageGroups(exec: Executor, companyId: number, groupId: number, config: StoredGroupConfig, month: string, members: q.PayrollEmployee[]): Promise<Map<number, string[]>> {
  const out = new Map<number, string[]>();
  if (config.taxRule !== TAX_RULE.wages || members.length === 0) return out;
  const withRun = new Set((await q.listRunsOfMonth(exec, companyId, month)).map((r) => r.groupId));
  const others = (await q.listGroups(exec, companyId)).filter((g) => g.id !== groupId && withRun.has(g.id) && g.config.taxRule === TAX_RULE.wages);
  for (const g of others) {
    const paths = await q.listDepartmentPaths(exec, companyId, g.config.departmentIds);
    for (const e of filterMembers(members, paths, g.config)) out.set(e.id, [...(out.get(e.id) ?? []), g.name]);
  }
  return out;
}

function groupView(row: q.GroupRow, memberCount: number): GroupView {
  return {
    id: row.id,
    name: row.name,
    ...row.config,
    items: row.config.items as GroupView['items'],
    siBaseAmount: row.config.siBaseAmount,
    hfRate: row.config.hfRate,
    prorationBasis: row.config.prorationBasis ?? 'workdays',
    memberCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function listGroupsView(c: ServiceCtx): Promise<GroupListItem[]> {
  const rows = await q.listGroups(c.tx, c.companyId);
  const month = chinaMonth();
  const out: GroupListItem[] = [];
  for (const r of rows) {
    const members = await resolveMembers(c.tx, c.companyId, r.config, month);
    out.push({ id: r.id, name: r.name, memberCount: members.length, itemCount: r.config.items.length, taxRule: r.config.taxRule, siCity: r.config.siCity, siBaseRule: r.config.siBaseRule, payDay: r.config.payDay, updatedAt: r.updatedAt.toISOString() });
  }
  return out;
}

export async function groupDetail(c: ServiceCtx, id: number): Promise<GroupView> {
  const row = await q.findGroup(c.tx, c.companyId, id);
  if (!row) throw notFound('薪资组');
  return groupView(row, (await resolveMembers(c.tx, c.companyId, row.config, chinaMonth())).length);
}

export async function saveGroup(c: ServiceCtx, input: GroupSave): Promise<GroupView> {
  const config = configOf(input);
  checkGroupConfig(config);
  if (config.siCity) {
    const cities = new Set((await effectivePolicies(c.tx, c.companyId)).map((p) => p.city));
    if (!cities.has(config.siCity)) throw badRequest(`社保城市：没有${config.siCity}的社保公积金政策，请先添加该城市的政策`);
  }
  const manual = [...config.includeEmployeeIds, ...config.excludeEmployeeIds];
  if (manual.length > 0 && (await q.countEmployeesByIds(c.tx, c.companyId, [...new Set(manual)])) !== new Set(manual).size) throw notFound('员工');
  if (config.departmentIds.length > 0 && (await q.listDepartmentPaths(c.tx, c.companyId, config.departmentIds)).length !== new Set(config.departmentIds).size) throw notFound('部门');
  const sameName = await q.findGroupByName(c.tx, c.companyId, input.name);
  if (sameName && sameName.id !== input.id) throw badRequest(`薪资组名称「${input.name}」已存在`);
  let row: q.GroupRow;
  if (input.id !== undefined) {
    const before = await q.findGroup(c.tx, c.companyId, input.id);
    if (!before) throw notFound('薪资组');
    await q.updateGroup(c.tx, c.companyId, before.id, { name: input.name, config, updatedBy: c.user.userId });
    await c.audit({ action: 'payroll.group.update', entity: 'payroll_group', entityId: before.id, before: { name: before.name, config: before.config }, after: { name: input.name, config } });
    row = (await q.findGroup(c.tx, c.companyId, before.id))!;
  } else {
    row = await q.insertGroup(c.tx, { companyId: c.companyId, name: input.name, config, createdBy: c.user.userId, updatedBy: c.user.userId });
    await c.audit({ action: 'payroll.group.create', entity: 'payroll_group', entityId: row.id, after: { name: input.name, config } });
  }
  return groupView(row, (await resolveMembers(c.tx, c.companyId, row.config, chinaMonth())).length);
}

export async function removeGroup(c: ServiceCtx, id: number): Promise<void> {
  const row = await q.findGroup(c.tx, c.companyId, id);
  if (!row) throw notFound('薪资组');
  const runs = await q.pageRuns(c.tx, c.companyId, { groupId: id, statuses: [2, 4, 5] }, 1, 1);
  if (runs.total > 0) throw badRequest(`薪资组「${row.name}」已有锁定或提交的薪资批次，不能删除`);
  await q.updateGroup(c.tx, c.companyId, id, { archivedAt: new Date() });
  await c.audit({ action: 'payroll.group.remove', entity: 'payroll_group', entityId: id, before: { name: row.name } });
}

/** Adds employees to a salary group by hand (another module's placement names the group its workers are paid in). */
export async function addGroupMembers(c: ServiceCtx, groupId: number, employeeIds: readonly number[]): Promise<void> {
  const row = await q.findGroup(c.tx, c.companyId, groupId);
  if (!row) throw notFound('薪资组');
  const include = new Set(row.config.includeEmployeeIds);
  const adding = employeeIds.filter((id) => !include.has(id));
  const excluded = row.config.excludeEmployeeIds.filter((id) => employeeIds.includes(id));
  if (adding.length === 0 && excluded.length === 0) return;
  const config = { ...row.config, includeEmployeeIds: [...include, ...adding], excludeEmployeeIds: row.config.excludeEmployeeIds.filter((id) => !employeeIds.includes(id)) };
  await q.updateGroup(c.tx, c.companyId, groupId, { config });
  await c.audit({ action: 'payroll.group.members.add', entity: 'payroll_group', entityId: groupId, after: { employeeIds: adding } });
}

export async function groupMembers(c: ServiceCtx, input: { id: number; month?: string; pageNum: number; pageSize: number }): Promise<Paged<GroupMemberView>> {
  const row = await q.findGroup(c.tx, c.companyId, input.id);
  if (!row) throw notFound('薪资组');
  const members = await resolveMembers(c.tx, c.companyId, row.config, input.month ?? chinaMonth());
  const manual = new Set(row.config.includeEmployeeIds);
  const page = members.slice((input.pageNum - 1) * input.pageSize, input.pageNum * input.pageSize);
  return new Paged(
    page.map((e) => ({ employeeId: e.id, name: e.name, employeeNo: e.employeeNo, departmentName: e.departmentName, employmentType: e.employmentType, via: manual.has(e.id) ? 'manual' : 'rule' })),
    input.pageNum,
    input.pageSize,
    members.length,
  );
}

// ── Tax profiles ──

export async function listTaxProfilesView(c: ServiceCtx, year: number, employeeIds?: number[]): Promise<TaxProfileView[]> {
  return (await q.listTaxProfiles(c.tx, c.companyId, year, employeeIds)).map((r) => ({
    employeeId: r.profile.employeeId,
    name: r.name,
    year: r.profile.year,
    firstJobOfYear: r.profile.firstJobOfYear,
    previousYearLowIncome: r.profile.previousYearLowIncome,
    deductions: r.profile.deductions,
  }));
}

export async function saveTaxProfile(c: ServiceCtx, input: TaxProfileSave): Promise<TaxProfileView> {
  if ((await q.countEmployeesByIds(c.tx, c.companyId, [input.employeeId])) !== 1) throw notFound('员工');
  const deductions: Record<string, string> = {};
  for (const [k, v] of Object.entries(input.deductions)) if (v !== undefined && Number(v) !== 0) deductions[k] = v;
  await q.upsertTaxProfile(c.tx, {
    companyId: c.companyId,
    employeeId: input.employeeId,
    year: input.year,
    firstJobOfYear: input.firstJobOfYear,
    previousYearLowIncome: input.previousYearLowIncome,
    deductions,
    updatedBy: c.user.userId,
  });
  await c.audit({ action: 'payroll.taxProfile.save', entity: 'payroll_tax_profile', entityId: input.employeeId, after: { year: input.year, firstJobOfYear: input.firstJobOfYear, previousYearLowIncome: input.previousYearLowIncome, deductions } });
  return (await listTaxProfilesView(c, input.year, [input.employeeId]))[0]!;
}
