import { and, eq, gt } from 'drizzle-orm';
import { shortLinks } from '../../db/schema/index.ts';
import type { Executor } from '../db.ts';
import type { AppServices } from '../services.ts';
import { requirePublicBaseUrl } from './public-url.ts';

/**
 * Short links for SMS (`{PUBLIC_URL}/m/s/<code>`, 12 base62 characters ≈ 71 bits): the code is
 * derived from what it is for by keyed hash, so a resend or reminder repeats the same link; only the
 * code's keyed hash is stored, with the page it opens (encrypted: it carries that page's token) and
 * an expiry. `/m/s/…` answers a redirect to the page (modules/links); `/m/` paths are logged redacted.
 */

export const SHORT_CODE_LENGTH = 12;
export const SHORT_LINK_PATH = '/m/s/';
const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
export const SHORT_CODE_PATTERN = /^[0-9A-Za-z]{12}$/;

type Hasher = Pick<AppServices, 'hashToken'>;

/** The code of `key` (e.g. `payslip:1:42`): the keyed hash's first 12 base62 digits. */
export function shortCodeFor(s: Hasher, key: string): string {
  let n = BigInt(`0x${s.hashToken(`short-link:${key}`)}`);
  let code = '';
  for (let i = 0; i < SHORT_CODE_LENGTH; i++) {
    code += BASE62[Number(n % 62n)];
    n /= 62n;
  }
  return code;
}

function codeHash(s: Hasher, code: string): string {
  return s.hashToken(`short-code:${code}`);
}

/**
 * Records (or renews) the short link of `key` to `target` (a path on this site) in the caller's
 * transaction and answers the absolute link; refuses when no PUBLIC_URL can start it (production).
 */
export async function createShortLink(
  exec: Executor,
  s: Pick<AppServices, 'hashToken' | 'cipher' | 'config'>,
  link: { key: string; target: string; expiresAt: Date; companyId: number | null },
): Promise<string> {
  const base = requirePublicBaseUrl(s.config);
  const code = shortCodeFor(s, link.key);
  const values = { codeHash: codeHash(s, code), companyId: link.companyId, targetEnc: s.cipher.encrypt(link.target), expiresAt: link.expiresAt };
  await exec
    .insert(shortLinks)
    .values(values)
    .onConflictDoUpdate({ target: shortLinks.codeHash, set: { targetEnc: values.targetEnc, expiresAt: values.expiresAt } });
  return `${base}${SHORT_LINK_PATH}${code}`;
}

/** The page a code opens, or null when the code is malformed, unknown or expired. Read as the owner (no company yet). */
export async function resolveShortLink(exec: Executor, s: Pick<AppServices, 'hashToken' | 'cipher'>, code: string, now = new Date()): Promise<string | null> {
  if (!SHORT_CODE_PATTERN.test(code)) return null;
  const rows = await exec
    .select({ targetEnc: shortLinks.targetEnc })
    .from(shortLinks)
    .where(and(eq(shortLinks.codeHash, codeHash(s, code)), gt(shortLinks.expiresAt, now)))
    .limit(1);
  return rows[0] ? s.cipher.decrypt(rows[0].targetEnc) : null;
}
