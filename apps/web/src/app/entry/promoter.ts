import { readPromoterCookie, type PromoterInfo } from '../session/entry-query.ts';

/** The promoter of this visit (the entry URL's cookie, one day), as a lead or a new company sends it; fields the server would refuse are dropped. */

const CODE = /^[\w.:@-]{1,100}$/;
const CODE_FIELDS = ['id', 'sourceId', 'saleId', 'gwSource', 'spreadType'] as const;

export function promoterOfVisit(cookie: string = typeof document === 'undefined' ? '' : document.cookie): PromoterInfo | null {
  const raw = readPromoterCookie(cookie);
  if (!raw || !CODE.test(raw.promoterId)) return null;
  const out: PromoterInfo = { promoterId: raw.promoterId };
  for (const f of CODE_FIELDS) {
    const v = raw[f];
    if (typeof v === 'string' && CODE.test(v) && (f !== 'spreadType' || v.length <= 50)) out[f] = v;
  }
  if (typeof raw.emailCompany === 'string' && raw.emailCompany.trim()) out.emailCompany = raw.emailCompany.trim().slice(0, 100);
  return out;
}
