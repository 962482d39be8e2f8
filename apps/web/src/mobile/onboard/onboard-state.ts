export { SMS_RESEND_SECONDS, smsButtonText } from '../phone-sms.ts';
import { MAX_ID_PHOTO_BYTES, type OnboardVerified } from '@wfsaas/contracts';

/** Seconds the SMS code cannot be asked for again. */

/** The SMS check's answer as kept for the tab: the ticket, until when it is good, and the submission state. */
export type StoredVerification = { ticket: string; until: number; mobile: string; submission: OnboardVerified['submission'] };

export function storedVerification(v: OnboardVerified, mobile: string, now: number): StoredVerification {
  return { ticket: v.ticket, until: now + Math.max(0, v.expiresIn) * 1000, mobile, submission: v.submission };
}

/** Reads a kept verification back; null when absent, unreadable or expired (a minute of margin). */
export function parseStoredVerification(raw: string | null, now: number): StoredVerification | null {
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as Partial<StoredVerification>;
    if (typeof v.ticket !== 'string' || typeof v.until !== 'number' || typeof v.mobile !== 'string') return null;
    if (v.until - 60_000 <= now) return null;
    return { ticket: v.ticket, until: v.until, mobile: v.mobile, submission: v.submission ?? null };
  } catch {
    return null;
  }
}

export type AfterVerify =
  | { kind: 'pending' }
  | { kind: 'approved' }
  | { kind: 'form'; rejectReason: string | null; name: string };

/** Where the candidate goes after the SMS check: the final state of an earlier submission, or the form (again, after a rejection). */
export function afterVerify(submission: OnboardVerified['submission']): AfterVerify {
  if (!submission) return { kind: 'form', rejectReason: null, name: '' };
  if (submission.status === 0) return { kind: 'pending' };
  if (submission.status === 1) return { kind: 'approved' };
  return { kind: 'form', rejectReason: submission.rejectReason ?? '', name: submission.name };
}


export const MOBILE_RE = /^1[3-9]\d{9}$/;

/** Why a chosen file cannot be an ID photo, or null when it can. */
export function photoProblem(file: { type: string; size: number }): string | null {
  if (!file.type.startsWith('image/')) return '请选择图片文件';
  if (file.size > MAX_ID_PHOTO_BYTES) return '图片不能超过5MB，请重新拍摄';
  if (file.size === 0) return '图片为空，请重新选择';
  return null;
}

/** Optional text fields: trimmed, and left out when empty. */
export function optionalText(v: string | null | undefined): string | undefined {
  const t = v?.trim();
  return t ? t : undefined;
}

/** Whether a refused call means the ticket no longer holds (the server asks to verify the mobile again). */
export function ticketExpired(err: unknown): boolean {
  return err instanceof Error && /凭证/.test(err.message);
}
