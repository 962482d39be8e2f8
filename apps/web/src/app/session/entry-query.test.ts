import { describe, expect, it } from 'vitest';
import { createMemoryStorage } from './storage.ts';
import {
  afterSignInTarget,
  applyQueryInfo,
  ENTRY_KEYS,
  parseEntryParams,
  PROMOTER_COOKIE_MS,
  promoterCookie,
  readPromoterCookie,
  saveEntryParams,
  takeBackApp,
  takeQueryInfo,
} from './entry-query.ts';

describe('entry query parameters (docs/product.md#screens last bullet, §9)', () => {
  it('parses the article id, the return-to-app flag, the promoter and the query info', () => {
    const qi = encodeURIComponent(JSON.stringify({ tab: 'contract', id: 12 }));
    const p = parseEntryParams(`?articleId=A9&backApp=1&companyId=2&path=%2FstaffRoll&promoterId=P1&emailCompany=E7&sourceId=S&saleId=SA&gwSource=g&spreadType=mail&id=77&queryInfo=${qi}`);
    expect(p).toEqual({
      articleId: 'A9',
      backApp: { companyId: 2, path: '/staffRoll' },
      promoter: { promoterId: 'P1', emailCompany: 'E7', sourceId: 'S', saleId: 'SA', gwSource: 'g', spreadType: 'mail', id: '77' },
      queryInfo: { tab: 'contract', id: '12' },
    });
  });

  it('ignores an external return path and malformed query info', () => {
    expect(parseEntryParams('?backApp=1&path=https%3A%2F%2Fevil.com&queryInfo=%7Bbad')).toEqual({});
    expect(parseEntryParams('')).toEqual({});
  });

  it('the promoter cookie lasts one day (864e5 ms)', () => {
    expect(PROMOTER_COOKIE_MS).toBe(86_400_000);
    const now = Date.UTC(2026, 0, 1, 8, 0, 0);
    const cookie = promoterCookie({ promoterId: 'P1', emailCompany: 'E7' }, now);
    expect(cookie).toContain('expires=Fri, 02 Jan 2026 08:00:00 GMT');
    expect(cookie).toContain('path=/');
    expect(readPromoterCookie(`a=1; ${cookie.split(';')[0]}`)).toEqual({ promoterId: 'P1', emailCompany: 'E7' });
  });

  it('saves to session storage and the cookie; take* reads once', () => {
    const session = createMemoryStorage();
    const cookies: string[] = [];
    saveEntryParams(parseEntryParams('?articleId=A1&backApp=1&path=%2Fhome&promoterId=P&queryInfo=%7B%22a%22%3A%221%22%7D'), {
      session,
      setCookie: (c) => cookies.push(c),
      now: 0,
    });
    expect(session.getItem(ENTRY_KEYS.articleId)).toBe('A1');
    expect(cookies).toHaveLength(1);
    expect(takeBackApp(session)).toEqual({ companyId: null, path: '/home' });
    expect(takeBackApp(session)).toBeNull();
    expect(takeQueryInfo(session)).toEqual({ a: '1' });
    expect(takeQueryInfo(session)).toBeNull();
  });

  it('restores the query info into the page opened after sign-in', () => {
    expect(applyQueryInfo('/home', { a: '1' })).toBe('/home?a=1');
    expect(applyQueryInfo('/x?a=2#h', { a: '1', b: '2' })).toBe('/x?a=2&b=2#h');
    expect(afterSignInTarget({ referer: '/staffRoll', backApp: null, companyId: 1, queryInfo: { t: '1' } })).toBe('/staffRoll?t=1');
    expect(afterSignInTarget({ referer: null, backApp: { companyId: 2, path: '/gzt-vite' }, companyId: 2, queryInfo: null })).toBe('/gzt-vite');
    expect(afterSignInTarget({ referer: '//evil', backApp: { companyId: 2, path: '/gzt-vite' }, companyId: 1, queryInfo: null })).toBe('/home');
  });
});
