import { type EmployeeExport, type EmployeeFilters, type EmployeeListItem, type EmployeePageList, type FormDefinition, type Widget } from '@wfsaas/contracts';
import { createHash } from 'node:crypto';
import type { Tx } from '../../platform/db.ts';
import { badRequest } from '../../platform/errors.ts';
import { startExport } from '../../platform/files/index.ts';
import { Paged, type ServiceCtx } from '../../platform/http.ts';
import { listGrantedKeys } from '../../platform/permissions.ts';
import type { AppServices } from '../../platform/services.ts';
import { myExportDetail, type ExportView } from '../files/index.ts';
import { loadEmployeeFormDefinition } from './custom-form.service.ts';
import { employeeDepartmentScope } from './employee-access.ts';
import * as lq from './employee-list.queries.ts';
import { escapeLike, keywordTokens, toListItem } from './employee-view.ts';
import { chinaToday } from '../../platform/china-date.ts';

/** The roster list (companyEmployee/pageList) and its export. */


export const EMPLOYEE_EXPORT_JOB = 'employees.export';
/** `scope`: the requester's departments when their data permission limits them (null: the whole company). */
export type EmployeeExportParams = { filters: EmployeeExport; sensitive: boolean; scope?: number[] | null };

const MOBILE = /^1[3-9]\d{9}$/;

function kindOf(w: Widget): lq.CustomFilterKind {
  switch (w.type) {
    case 'number':
      return 'number';
    case 'date':
      return 'date';
    case 'multiSelect':
    case 'checkbox':
    case 'image':
    case 'file':
      return 'array';
    case 'select':
    case 'radio':
    case 'switch':
      return 'scalar';
    default:
      return 'text';
  }
}

/** A filter value in the type the record stores for the widget. */
function storedValue(w: Widget, value: string | number | boolean): string | number | boolean {
  if (w.type === 'number') {
    const n = typeof value === 'number' ? value : Number(String(value).trim());
    if (!Number.isFinite(n)) throw badRequest(`自定义字段「${w.label}」的筛选值应为数字`);
    return n;
  }
  if (w.type === 'switch') {
    const t = String(value).trim().toLowerCase();
    if (value === true || ['1', 'true', '是'].includes(t)) return true;
    if (value === false || ['0', 'false', '否'].includes(t)) return false;
    throw badRequest(`自定义字段「${w.label}」的筛选值应为是或否`);
  }
  const opts = w.options.options;
  if (opts && opts.length) {
    const hit = opts.find((o) => o.value === value) ?? opts.find((o) => String(o.value) === String(value).trim()) ?? opts.find((o) => o.label === String(value).trim());
    if (!hit) throw badRequest(`自定义字段「${w.label}」的筛选值不在选项中`);
    return hit.value;
  }
  if (typeof value === 'boolean') throw badRequest(`自定义字段「${w.label}」的筛选值格式不正确`);
  return typeof value === 'string' ? value.trim() : String(value);
}

/** The request's filters as the query takes them: keyword split three ways, custom fields typed by the form. */
export async function resolveFilters(
  services: AppServices,
  tx: Tx,
  companyId: number,
  f: EmployeeFilters & { ids?: number[] },
  definition?: FormDefinition | null,
): Promise<lq.ResolvedFilter> {
  const out: lq.ResolvedFilter = {
    ids: f.ids,
    departmentId: f.departmentId,
    includeSubDepartments: f.includeSubDepartments,
    positionId: f.positionId,
    rankId: f.rankId,
    costCenterId: f.costCenterId,
    statuses: f.status,
    employmentTypes: f.employmentType,
    hireDateFrom: f.hireDateFrom,
    hireDateTo: f.hireDateTo,
    withoutLabourContract: f.withoutLabourContract,
  };
  if (f.hireDateFrom && f.hireDateTo && f.hireDateFrom > f.hireDateTo) throw badRequest('入职日期起不能晚于入职日期止');
  const kw = f.keyword?.trim();
  if (kw) {
    const lower = kw.toLowerCase();
    out.keyword = {
      tokens: keywordTokens(kw),
      nameLike: `%${escapeLike(lower)}%`,
      employeeNoPrefixes: [...new Set([kw, kw.toUpperCase()])],
      mobileHash: MOBILE.test(kw) ? services.cipher.lookupHash(kw) : undefined,
    };
  }
  if (f.customFieldFilters?.length) {
    const def = definition === undefined ? await loadEmployeeFormDefinition(tx, companyId) : definition;
    out.custom = f.customFieldFilters.map((cf) => {
      const w = def?.widgetList.find((x) => x.key === cf.key);
      if (!w) throw badRequest(`自定义字段「${cf.key}」不存在`);
      const kind = kindOf(w);
      if ((cf.op === 'gte' || cf.op === 'lte') && kind !== 'number' && kind !== 'date') throw badRequest(`自定义字段「${w.label}」不支持范围筛选`);
      if (kind === 'date' && cf.op !== 'contains' && !/^\d{4}-\d{2}-\d{2}$/.test(String(cf.value))) throw badRequest(`自定义字段「${w.label}」的筛选值应为YYYY-MM-DD`);
      const value = cf.op === 'contains' && kind === 'text' ? String(cf.value) : storedValue(w, cf.value);
      return { key: cf.key, op: cf.op, value, kind };
    });
  }
  return out;
}

/** The roster's filter as the caller sees it: the request's filters within their department data permission. */
export async function rosterFilterFor(services: AppServices, c: ServiceCtx, body: EmployeeFilters & { excludeResigning?: boolean }): Promise<lq.ResolvedFilter> {
  return { ...(await resolveFilters(services, c.tx, c.companyId, body)), excludeResigning: body.excludeResigning, scope: await employeeDepartmentScope(c) };
}

/** How many employees companyEmployee/pageList answers for these filters (its total), by the same WHERE. */
export async function countEmployees(services: AppServices, c: ServiceCtx, body: EmployeeFilters & { excludeResigning?: boolean }): Promise<number> {
  return lq.countRoster(c.tx, c.companyId, await rosterFilterFor(services, c, body));
}

/** companyEmployee/pageList: identifiers masked, organisation names joined. */
export async function pageEmployees(services: AppServices, c: ServiceCtx, body: EmployeePageList): Promise<Paged<EmployeeListItem>> {
  const filter = await rosterFilterFor(services, c, body);
  const { rows, total } = await lq.listRosterPage(
    c.tx,
    c.companyId,
    filter,
    { by: body.sortBy, order: body.sortOrder },
    { offset: (body.pageNum - 1) * body.pageSize, limit: body.pageSize },
  );
  return new Paged(
    rows.map(toListItem),
    body.pageNum,
    body.pageSize,
    total,
  );
}

export async function holdsKey(c: ServiceCtx, key: string): Promise<boolean> {
  return (await listGrantedKeys(c.tx, c.companyId, c.user.userId, c.isAdmin)).includes(key);
}

/**
 * companyEmployee/export: queues the roster (the list's filters, or the chosen rows) as an xlsx in
 * the caller's downloads centre. Identifiers are written in full only when the caller may view
 * sensitive data at the time of the request.
 */
export async function requestEmployeeExport(services: AppServices, c: ServiceCtx, body: EmployeeExport): Promise<ExportView> {
  // checked now so that a bad filter is answered at once rather than by a failed job
  await resolveFilters(services, c.tx, c.companyId, body);
  const sensitive = await holdsKey(c, 'sensitive.view');
  const params: EmployeeExportParams = { filters: body, sensitive, scope: await employeeDepartmentScope(c) };
  const digest = createHash('sha256').update(JSON.stringify(params)).digest('hex').slice(0, 16);
  const window = Math.floor(Date.now() / 10_000);
  const row = await startExport(c.tx, services, {
    companyId: c.companyId,
    userId: c.user.userId,
    name: `员工花名册_${chinaToday()}`,
    jobType: EMPLOYEE_EXPORT_JOB,
    payload: params,
    idempotencyKey: `employees:${c.user.userId}:${digest}:${window}`,
  });
  await c.audit({ action: 'employee.export', entity: 'file_export', entityId: row.id, after: { name: row.name, sensitive, filters: body } });
  return myExportDetail(c, row.id);
}
