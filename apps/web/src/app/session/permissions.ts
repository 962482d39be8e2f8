import { filterRoutesByPermission, filterUsableRoutes, ROUTES, type RouteDef } from '@wfsaas/contracts';
import { clearSession, STORAGE_KEYS, type SessionStores } from './session.ts';
import type { StorageLike } from './storage.ts';

export const PERMISSION_LIST_URL = '/wfsaas-system/api/sys/permission/in/user/list';
/** docs/screens.md: the cached helper asks for types 4 and 5 unless told otherwise. */
export const DEFAULT_TYPE_LIST: readonly number[] = [4, 5];
/** docs/screens.md: a cached list is reused only when its encoded form is longer than this. */
export const MIN_CACHED_LENGTH = 12;

export type PermissionMap = Record<string, boolean>;

export type PermissionRequest = { typeList: number[]; parentCode?: string; appId?: string };

/** docs/screens.md: the cache in session storage is `encodeURIComponent(JSON.stringify(map))`. */
export function encodePermissions(map: PermissionMap): string {
  return encodeURIComponent(JSON.stringify(map));
}

/**
 * The cached map when its encoded length exceeds 12 and it decodes to an object; otherwise null.
 * With `companyId`, only a cache written for that company counts (another tab may have switched
 * company since this tab cached its list).
 */
export function readCachedPermissions(storage: StorageLike, companyId?: number | null): PermissionMap | null {
  if (companyId != null && storage.getItem(STORAGE_KEYS.permissionOwner) !== String(companyId)) return null;
  const raw = storage.getItem(STORAGE_KEYS.permissionList);
  if (!raw || raw.length <= MIN_CACHED_LENGTH) return null;
  try {
    const v = JSON.parse(decodeURIComponent(raw)) as unknown;
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as PermissionMap) : null;
  } catch {
    return null;
  }
}

export function writeCachedPermissions(storage: StorageLike, map: PermissionMap, companyId?: number | null): void {
  storage.setItem(STORAGE_KEYS.permissionList, encodePermissions(map));
  if (companyId != null) storage.setItem(STORAGE_KEYS.permissionOwner, String(companyId));
  else storage.removeItem(STORAGE_KEYS.permissionOwner);
}

export function clearCachedPermissions(storage: StorageLike): void {
  storage.removeItem(STORAGE_KEYS.permissionList);
  storage.removeItem(STORAGE_KEYS.permissionOwner);
}

export function buildPermissionRequest(opts: { typeList?: readonly number[]; parentCode?: string; appId?: string } = {}): PermissionRequest {
  const req: PermissionRequest = { typeList: [...(opts.typeList ?? DEFAULT_TYPE_LIST)] };
  if (opts.parentCode !== undefined) req.parentCode = opts.parentCode;
  if (opts.appId !== undefined) req.appId = opts.appId;
  return req;
}

export class PermissionLoadError extends Error {}

/**
 * docs/screens.md: the permission map from the session cache, or fetched (typeList default [4,5],
 * parentCode, appId) and cached. The fetch shows a server message itself (request client); any
 * failure is thrown as PermissionLoadError, after which the caller ends the session.
 */
export async function loadPermissions(
  storage: StorageLike,
  fetchMap: (req: PermissionRequest) => Promise<unknown>,
  opts: { typeList?: readonly number[]; parentCode?: string; appId?: string; force?: boolean; companyId?: number | null } = {},
): Promise<PermissionMap> {
  if (!opts.force) {
    const cached = readCachedPermissions(storage, opts.companyId);
    if (cached) return cached;
  }
  let data: unknown;
  try {
    data = await fetchMap(buildPermissionRequest(opts));
  } catch (err) {
    throw new PermissionLoadError(err instanceof Error ? err.message : '权限加载失败');
  }
  if (!data || typeof data !== 'object' || Array.isArray(data)) throw new PermissionLoadError('权限数据格式不正确');
  const map: PermissionMap = {};
  for (const [k, v] of Object.entries(data as Record<string, unknown>)) if (v === true) map[k] = true;
  writeCachedPermissions(storage, map, opts.companyId);
  return map;
}

/**
 * 创建新企业 is offered to those who administer the company they are in: every company
 * administrator holds 'rolePermission.edit' (a company cannot switch it off), as does a member a
 * role lets manage roles and permissions. The company list carries no administrator flag (docs/product.md#client-conventions
 * fixes its shape), so the other companies of the user are not consulted; a user without any
 * company is offered it on /noCompany and the company choice.
 */
export const CREATE_COMPANY_KEY = 'rolePermission.edit';

export function mayCreateCompany(map: PermissionMap): boolean {
  return map[CREATE_COMPANY_KEY] === true;
}

/** docs/product.md#client-conventions: the serviceConfiguration flag of the permission list sets serviceConfig. */
export function hasServiceConfig(map: PermissionMap): boolean {
  return map.serviceConfiguration === true;
}

/** The authenticated (non-public) routes the map lets through (docs/screens.md). */
export function permittedRoutes(map: PermissionMap): RouteDef[] {
  return filterRoutesByPermission(
    ROUTES.filter((r) => !r.public),
    map,
  );
}

/**
 * The authenticated routes the user can use: docs/screens.md's filter, and the keys each screen's calls
 * need (a role-gated route whose screen needs keys the map lacks is left out). Menus, home
 * shortcuts, the header's group switch, in-page links and the route gate all go by this list.
 */
export function usableRoutes(map: PermissionMap): RouteDef[] {
  return filterUsableRoutes(
    ROUTES.filter((r) => !r.public),
    map,
  );
}

/** Login path with the page to come back to (docs/product.md#codes). */
export function loginUrlWithReferer(currentPath: string): string {
  if (!currentPath || currentPath === '/' || currentPath.startsWith('/login')) return '/login';
  return `/login?referer=${encodeURIComponent(currentPath)}`;
}

/** docs/product.md#codes: a failed permission fetch clears the session; the answer is where to go (login with a referer). */
export function onPermissionFetchFailed(stores: SessionStores, currentPath: string): string {
  clearSession(stores);
  return loginUrlWithReferer(currentPath);
}
