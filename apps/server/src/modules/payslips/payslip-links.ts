import { timingSafeEqual } from 'node:crypto';
import type { AppServices } from '../../platform/services.ts';

/**
 * The phone link's token is derived from the payslip (keyed hash with the server's token secret):
 * the same payslip always has the same link — a resend or reminder repeats it, a retried send cannot
 * make a second one — and it cannot be guessed. Only its look-up hash is stored.
 */
export function payslipLinkToken(services: Pick<AppServices, 'hashToken'>, companyId: number, payslipId: number): string {
  return services.hashToken(`payslip-link:${companyId}:${payslipId}`);
}

export function payslipTokenHash(services: Pick<AppServices, 'hashToken'>, token: string): string {
  return services.hashToken(`payslip-token:${token}`);
}

export function payslipLinkPath(token: string): string {
  return `/m/payslip/${token}`;
}

/** A payslip's SMS short link (/m/s/…) lasts this long from its latest send or reminder. */
export const PAYSLIP_SHORT_LINK_DAYS = 365;

/** What a payslip's short link code is derived from: one code per payslip version. */
export function payslipShortLinkKey(companyId: number, payslipId: number): string {
  return `payslip:${companyId}:${payslipId}`;
}

export const TICKET_TTL_MS = 30 * 60_000;

/** A short-lived view ticket bound to one payslip link: `<expiry ms>.<keyed hash>`. */
export function signPayslipTicket(services: Pick<AppServices, 'hashToken'>, tokenHash: string, expiresAt: number): string {
  return `${expiresAt}.${services.hashToken(`payslip-ticket:${tokenHash}:${expiresAt}`)}`;
}

export type TicketCheck = 'ok' | 'expired' | 'invalid';

export function checkPayslipTicket(services: Pick<AppServices, 'hashToken'>, tokenHash: string, ticket: string, now = Date.now()): TicketCheck {
  const m = /^(\d{13})\.([0-9a-f]{64})$/.exec(ticket);
  if (!m) return 'invalid';
  const expiresAt = Number(m[1]);
  const expected = Buffer.from(signPayslipTicket(services, tokenHash, expiresAt));
  const given = Buffer.from(ticket);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'invalid';
  return expiresAt > now ? 'ok' : 'expired';
}
