import type { LoginResult } from '@wfsaas/contracts';
import { localStore, sessionStore, type StorageLike } from './storage.ts';

/**
 * Browser storage of the signed-in session (docs/product.md#client-conventions, §6):
 * localStorage — bearer token, current company id, user info, employee id;
 * sessionStorage — the permission list cache and the menu state of this tab.
 */
export const STORAGE_KEYS = {
  token: 'token',
  companyId: 'companyId',
  userInfo: 'userInfo',
  employeeId: 'employeeId',
  /** The last company chosen per user id: `{ [userId]: companyId }` (kept across sign-outs). */
  lastCompany: 'lastCompany',
  permissionList: 'permissionList',
  /** The company the cached permission list belongs to. */
  permissionOwner: 'permissionListCompany',
  menuType: 'menuType',
  activeMenu: 'activeMenu',
} as const;

export type UserInfo = LoginResult['user_info'];

export type SessionStores = { local: StorageLike; session: StorageLike };

export function defaultStores(): SessionStores {
  return { local: localStore(), session: sessionStore() };
}

export function getToken(s: SessionStores = defaultStores()): string | null {
  return s.local.getItem(STORAGE_KEYS.token) || null;
}

export function getCompanyId(s: SessionStores = defaultStores()): number | null {
  const raw = s.local.getItem(STORAGE_KEYS.companyId);
  if (!raw || !/^[1-9]\d{0,15}$/.test(raw)) return null;
  return Number(raw);
}

export function getUserInfo(s: SessionStores = defaultStores()): UserInfo | null {
  const raw = s.local.getItem(STORAGE_KEYS.userInfo);
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as UserInfo;
    return v && typeof v === 'object' && v.sysUser ? v : null;
  } catch {
    return null;
  }
}

/** Stores the result of a sign-in (password, SMS code, or the one-time key hand-off). */
export function saveLogin(result: LoginResult, s: SessionStores = defaultStores()): void {
  s.local.setItem(STORAGE_KEYS.token, result.access_token);
  s.local.setItem(STORAGE_KEYS.userInfo, JSON.stringify(result.user_info));
}

export function saveToken(token: string, s: SessionStores = defaultStores()): void {
  s.local.setItem(STORAGE_KEYS.token, token);
}

export function saveUserInfo(info: UserInfo, s: SessionStores = defaultStores()): void {
  s.local.setItem(STORAGE_KEYS.userInfo, JSON.stringify(info));
}

/** Makes a company current; the permission list of the previous company is dropped. */
export function setCompany(companyId: number, s: SessionStores = defaultStores()): void {
  s.local.setItem(STORAGE_KEYS.companyId, String(companyId));
  s.session.removeItem(STORAGE_KEYS.permissionList);
  s.session.removeItem(STORAGE_KEYS.permissionOwner);
  const user = getUserInfo(s);
  if (user) rememberLastCompany(user.sysUser.userId, companyId, s);
}

export function clearCompany(s: SessionStores = defaultStores()): void {
  s.local.removeItem(STORAGE_KEYS.companyId);
  s.session.removeItem(STORAGE_KEYS.permissionList);
  s.session.removeItem(STORAGE_KEYS.permissionOwner);
}

function readLastCompanies(s: SessionStores): Record<string, number> {
  try {
    const v = JSON.parse(s.local.getItem(STORAGE_KEYS.lastCompany) ?? '{}') as unknown;
    return v && typeof v === 'object' ? (v as Record<string, number>) : {};
  } catch {
    return {};
  }
}

export function rememberLastCompany(userId: number, companyId: number, s: SessionStores = defaultStores()): void {
  const all = readLastCompanies(s);
  all[String(userId)] = companyId;
  s.local.setItem(STORAGE_KEYS.lastCompany, JSON.stringify(all));
}

export function getLastCompany(userId: number, s: SessionStores = defaultStores()): number | null {
  const v = readLastCompanies(s)[String(userId)];
  return typeof v === 'number' && Number.isSafeInteger(v) ? v : null;
}

/** docs/product.md#sign-in-and-session: ends the local session — token, company, user, employee and the tab's permission/menu state. */
export function clearSession(s: SessionStores = defaultStores()): void {
  for (const k of [STORAGE_KEYS.token, STORAGE_KEYS.companyId, STORAGE_KEYS.userInfo, STORAGE_KEYS.employeeId]) s.local.removeItem(k);
  for (const k of [STORAGE_KEYS.permissionList, STORAGE_KEYS.permissionOwner, STORAGE_KEYS.menuType, STORAGE_KEYS.activeMenu]) s.session.removeItem(k);
}
