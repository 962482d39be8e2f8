import type { CompanyCreate, CompanyListEntry, LoginResult } from '@wfsaas/contracts';
import type { RequestClient } from './client.ts';
import type { PermissionRequest } from '../session/permissions.ts';
import { PERMISSION_LIST_URL } from '../session/permissions.ts';

/** The API calls of the shell (docs/product.md#api). Feature folders keep their own calls beside their pages. */
export const API = {
  login: '/wfsaas-auth/login',
  smsSend: '/wfsaas-auth/sms/send',
  loginBySms: '/wfsaas-auth/loginBySms',
  logout: '/wfsaas-auth/logout',
  userInfo: '/wfsaas-auth/userInfo',
  loginAuthorization: '/wfsaas-auth/loginAuthorization',
  cacheTempAdd: '/wfsaas-openapi/api/cacheTemp/add',
  cacheTempGet: '/wfsaas-openapi/api/cacheTemp/get',
  cacheTempDel: '/wfsaas-openapi/api/cacheTemp/del',
  companyList: '/wfsaas-saas/api/company/list',
  companyCreate: '/wfsaas-saas/api/company/create',
  permissionList: PERMISSION_LIST_URL,
} as const;

export function fetchCompanies(client: RequestClient): Promise<CompanyListEntry[]> {
  return client.post<CompanyListEntry[]>(API.companyList).then((d) => (Array.isArray(d) ? d : []));
}

export async function createCompany(client: RequestClient, input: CompanyCreate): Promise<CompanyListEntry> {
  // the promoter of the visit, if any, goes with the new company
  const promoter = (await import('../entry/promoter.ts')).promoterOfVisit();
  return client.post<CompanyListEntry>(API.companyCreate, promoter ? { ...input, promoter } : input);
}

export function fetchUserInfo(client: RequestClient): Promise<LoginResult> {
  return client.post<LoginResult>(API.userInfo);
}

export function fetchPermissionMap(client: RequestClient, req: PermissionRequest): Promise<unknown> {
  return client.post<unknown>(API.permissionList, req);
}
