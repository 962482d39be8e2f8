import { codeLabel, EMPLOYEE_STATUSES, EMPLOYMENT_TYPES, GENDERS } from '@wfsaas/contracts';
import { badRequest } from '../../platform/errors.ts';
import { Paged, type UserCtx } from '../../platform/http.ts';
import { listGrantedKeys } from '../../platform/permissions.ts';
import type { AppServices } from '../../platform/services.ts';
import * as q from './group-archive.queries.ts';

/** 集团档案: the employees of every company where the caller may open the roster, read company by company. */

export const GROUP_ARCHIVE_KEY = 'staffRoll';
const ACTIVE = [0, 1, 2, 3] as const;

export type GroupPageInput = { pageNum: number; pageSize: number; keyword?: string; groupCompanyId?: number; status?: number[] };

export type GroupEmployeeItem = {
  companyId: number;
  companyName: string;
  id: number;
  name: string;
  employeeNo: string | null;
  genderName: string;
  idNumberMasked: string;
  mobileMasked: string;
  departmentName: string | null;
  positionName: string | null;
  employmentTypeName: string;
  status: number;
  statusName: string;
  hireDate: string | null;
};

export type GroupCompany = { companyId: number; companyName: string };

/** The companies whose roster the user may read: active membership, and staffRoll granted (administrators hold what the company has on). */
export async function readableCompanies(services: AppServices, c: Pick<UserCtx<unknown>, 'db' | 'user'>): Promise<GroupCompany[]> {
  const memberships = await q.listMemberships(c.db, c.user.userId);
  const out: GroupCompany[] = [];
  for (const m of memberships) {
    const keys = await services.database.inTenant(m.company_id, (tx) => listGrantedKeys(tx, m.company_id, c.user.userId, m.is_admin));
    if (keys.includes(GROUP_ARCHIVE_KEY)) out.push({ companyId: m.company_id, companyName: m.company_name });
  }
  return out;
}

/**
 * companyEmployee/groupPageList: counts each readable company inside its own tenant transaction, then
 * reads the requested page across them in company order (identifiers masked only).
 */
export async function pageGroupEmployees(services: AppServices, c: Pick<UserCtx<unknown>, 'db' | 'user'>, input: GroupPageInput): Promise<Paged<GroupEmployeeItem>> {
  const companies = await readableCompanies(services, c);
  if (input.groupCompanyId !== undefined && !companies.some((x) => x.companyId === input.groupCompanyId)) throw badRequest('公司不存在或您没有查看该公司花名册的权限');
  const statuses = input.status?.length ? input.status : [...ACTIVE];
  const filter: q.GroupFilter = { keyword: input.keyword, statuses };
  const scope = input.groupCompanyId !== undefined ? companies.filter((x) => x.companyId === input.groupCompanyId) : companies;
  const counts = await Promise.all(scope.map((co) => services.database.inTenant(co.companyId, (tx) => q.countGroupEmployees(tx, co.companyId, filter))));
  const total = counts.reduce((a, b) => a + b, 0);
  let skip = (input.pageNum - 1) * input.pageSize;
  let want = input.pageSize;
  const list: GroupEmployeeItem[] = [];
  for (let i = 0; i < scope.length && want > 0; i++) {
    const co = scope[i]!;
    const n = counts[i]!;
    if (skip >= n) {
      skip -= n;
      continue;
    }
    const take = Math.min(want, n - skip);
    const rows = await services.database.inTenant(co.companyId, (tx) => q.listGroupEmployees(tx, co.companyId, filter, skip, take));
    for (const r of rows)
      list.push({
        companyId: co.companyId,
        companyName: co.companyName,
        id: r.id,
        name: r.name,
        employeeNo: r.employeeNo,
        genderName: codeLabel(GENDERS, r.gender),
        idNumberMasked: r.idNumberMasked ?? '',
        mobileMasked: r.mobileMasked ?? '',
        departmentName: r.departmentName,
        positionName: r.positionName,
        employmentTypeName: codeLabel(EMPLOYMENT_TYPES, r.employmentType),
        status: r.status,
        statusName: codeLabel(EMPLOYEE_STATUSES, r.status),
        hireDate: r.hireDate,
      });
    want -= rows.length;
    skip = 0;
  }
  return new Paged(list, input.pageNum, input.pageSize, total);
}
