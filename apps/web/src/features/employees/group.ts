/** 集团档案 (companyEmployee/groupPageList): the answer row and the query form → request body. */

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

export type GroupFilterValues = { keyword?: string; groupCompanyId?: number | null; status?: number[] };

/**
 * The filters of the request. The company filter is `groupCompanyId`: every body also carries the
 * current company as `companyId`, which does not narrow the group list.
 */
export function groupQuery(v: GroupFilterValues): { keyword?: string; groupCompanyId?: number; status?: number[] } {
  const out: { keyword?: string; groupCompanyId?: number; status?: number[] } = {};
  const kw = v.keyword?.trim();
  if (kw) out.keyword = kw;
  if (v.groupCompanyId) out.groupCompanyId = v.groupCompanyId;
  if (v.status && v.status.length > 0) out.status = [...v.status];
  return out;
}
