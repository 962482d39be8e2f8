import { safeInternalPath } from '../routing/route-view.ts';
import type { StorageLike } from './storage.ts';

/**
 * docs/product.md#screens (last bullet), §3, §9: query parameters saved when the app is entered —
 * - `articleId`: the help/notice article to open (session storage);
 * - `backApp=1` with `companyId` and `path`: after sign-in, return to that page of that company;
 * - `promoterId` with `emailCompany` (the e-mail campaign company) and the other promoter fields
 *   (`id`, `sourceId`, `saleId`, `gwSource`, `spreadType`): a cookie kept one day (864e5 ms);
 * - `queryInfo`: an encoded JSON object of query fields, added to the page opened after sign-in.
 */
export const ENTRY_KEYS = { articleId: 'articleId', backApp: 'backApp', queryInfo: 'queryInfo' } as const;
export const PROMOTER_COOKIE = 'promoterInfo';
/** docs/product.md#client-conventions: promoter cookie expiry, one day in milliseconds. */
export const PROMOTER_COOKIE_MS = 864e5;

export type PromoterInfo = {
  id?: string;
  promoterId: string;
  sourceId?: string;
  saleId?: string;
  gwSource?: string;
  spreadType?: string;
  emailCompany?: string;
};

export type BackApp = { companyId: number | null; path: string };

export type EntryParams = {
  articleId?: string;
  backApp?: BackApp;
  promoter?: PromoterInfo;
  queryInfo?: Record<string, string>;
};

const PROMOTER_FIELDS = ['id', 'sourceId', 'saleId', 'gwSource', 'spreadType', 'emailCompany'] as const;

function decodeQueryInfo(raw: string): Record<string, string> | undefined {
  for (const candidate of [raw, safeDecode(raw)]) {
    if (candidate === null) continue;
    try {
      const v = JSON.parse(candidate) as unknown;
      if (v && typeof v === 'object' && !Array.isArray(v)) {
        const out: Record<string, string> = {};
        for (const [k, val] of Object.entries(v as Record<string, unknown>)) {
          if (val !== null && val !== undefined && typeof val !== 'object') out[k] = String(val);
        }
        return out;
      }
    } catch {
      /* try the next decoding */
    }
  }
  return undefined;
}

function safeDecode(v: string): string | null {
  try {
    return decodeURIComponent(v);
  } catch {
    return null;
  }
}

export function parseEntryParams(search: string): EntryParams {
  const q = new URLSearchParams(search);
  const out: EntryParams = {};
  const articleId = q.get('articleId');
  if (articleId) out.articleId = articleId.slice(0, 100);
  const backFlag = q.get('backApp');
  const backPath = safeInternalPath(q.get('path'));
  if ((backFlag === '1' || backFlag === 'true') && backPath) {
    const c = q.get('companyId');
    out.backApp = { companyId: c && /^[1-9]\d{0,15}$/.test(c) ? Number(c) : null, path: backPath };
  }
  const promoterId = q.get('promoterId');
  if (promoterId) {
    const p: PromoterInfo = { promoterId: promoterId.slice(0, 100) };
    for (const f of PROMOTER_FIELDS) {
      const v = q.get(f);
      if (v) p[f] = v.slice(0, 200);
    }
    out.promoter = p;
  }
  const qi = q.get('queryInfo');
  if (qi) {
    const decoded = decodeQueryInfo(qi);
    if (decoded) out.queryInfo = decoded;
  }
  return out;
}

/** The cookie string for the promoter object, expiring one day after `now`. */
export function promoterCookie(info: PromoterInfo, now: number): string {
  const expires = new Date(now + PROMOTER_COOKIE_MS).toUTCString();
  return `${PROMOTER_COOKIE}=${encodeURIComponent(JSON.stringify(info))}; expires=${expires}; path=/; SameSite=Lax`;
}

export function readPromoterCookie(cookieHeader: string): PromoterInfo | null {
  for (const part of cookieHeader.split(';')) {
    const [k, ...rest] = part.trim().split('=');
    if (k !== PROMOTER_COOKIE) continue;
    try {
      const v = JSON.parse(decodeURIComponent(rest.join('='))) as PromoterInfo;
      return v && typeof v.promoterId === 'string' ? v : null;
    } catch {
      return null;
    }
  }
  return null;
}

/** Saves what the entry URL carried. */
export function saveEntryParams(p: EntryParams, deps: { session: StorageLike; setCookie: (cookie: string) => void; now: number }): void {
  if (p.articleId) deps.session.setItem(ENTRY_KEYS.articleId, p.articleId);
  if (p.backApp) deps.session.setItem(ENTRY_KEYS.backApp, JSON.stringify(p.backApp));
  if (p.promoter) deps.setCookie(promoterCookie(p.promoter, deps.now));
  if (p.queryInfo) deps.session.setItem(ENTRY_KEYS.queryInfo, encodeURIComponent(JSON.stringify(p.queryInfo)));
}

/** Reads and forgets the saved return-to-app target. */
export function takeBackApp(session: StorageLike): BackApp | null {
  const raw = session.getItem(ENTRY_KEYS.backApp);
  session.removeItem(ENTRY_KEYS.backApp);
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as BackApp;
    const path = safeInternalPath(v?.path);
    return path ? { companyId: typeof v.companyId === 'number' ? v.companyId : null, path } : null;
  } catch {
    return null;
  }
}

/** Reads and forgets the saved query-info object. */
export function takeQueryInfo(session: StorageLike): Record<string, string> | null {
  const raw = session.getItem(ENTRY_KEYS.queryInfo);
  session.removeItem(ENTRY_KEYS.queryInfo);
  if (!raw) return null;
  return decodeQueryInfo(raw) ?? null;
}

/** Adds the query-info fields to a target path (fields already in the path win). */
export function applyQueryInfo(target: string, info: Record<string, string> | null): string {
  if (!info || Object.keys(info).length === 0) return target;
  const hashAt = target.indexOf('#');
  const hash = hashAt >= 0 ? target.slice(hashAt) : '';
  const noHash = hashAt >= 0 ? target.slice(0, hashAt) : target;
  const qAt = noHash.indexOf('?');
  const path = qAt >= 0 ? noHash.slice(0, qAt) : noHash;
  const params = new URLSearchParams(qAt >= 0 ? noHash.slice(qAt + 1) : '');
  for (const [k, v] of Object.entries(info)) if (!params.has(k)) params.set(k, v);
  const q = params.toString();
  return `${path}${q ? `?${q}` : ''}${hash}`;
}

/**
 * Where to go once signed in with a company: the return-to-app path when one was saved for this
 * company (or without a company), else the referer, else /home — with the saved query info added.
 */
export function afterSignInTarget(opts: { referer: string | null; backApp: BackApp | null; companyId: number; queryInfo: Record<string, string> | null }): string {
  const back = opts.backApp && (opts.backApp.companyId == null || opts.backApp.companyId === opts.companyId) ? opts.backApp.path : null;
  const target = back ?? safeInternalPath(opts.referer) ?? '/home';
  return applyQueryInfo(target, opts.queryInfo);
}
