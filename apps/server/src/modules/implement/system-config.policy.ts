import { DEFAULT_SECURITY, passwordPolicyError, type PasswordClass, type SecuritySettings } from '@wfsaas/contracts';
import { verifyPassword } from '../../platform/crypto.ts';
import type { Executor } from '../../platform/db.ts';
import { badRequest } from '../../platform/errors.ts';
import * as q from './system-config.queries.ts';

/** The most password hashes any company may ask not to be reused. */
const HISTORY_KEPT = 12;

/**
 * The sign-in rules that bind a user: for someone in several companies, the strictest of each rule
 * among the companies they are an active member of (longest minimum, every character class any
 * asks for, shortest expiry, longest history, fewest failures, longest lock, shortest session).
 */
export async function signInPolicyFor(exec: Executor, userId: number | null, ceilingHours: number): Promise<SecuritySettings & { sessionHours: number }> {
  const rows = userId === null ? [] : await q.listSettingsOfUserCompanies(exec, userId);
  const p = { ...DEFAULT_SECURITY, passwordClasses: [...DEFAULT_SECURITY.passwordClasses], sessionHours: ceilingHours };
  const classes = new Set<PasswordClass>(p.passwordClasses);
  for (const r of rows) {
    p.passwordMinLength = Math.max(p.passwordMinLength, r.passwordMinLength);
    for (const c of r.passwordClasses) classes.add(c as PasswordClass);
    if (r.passwordExpiryDays > 0) p.passwordExpiryDays = p.passwordExpiryDays === 0 ? r.passwordExpiryDays : Math.min(p.passwordExpiryDays, r.passwordExpiryDays);
    p.passwordHistory = Math.max(p.passwordHistory, r.passwordHistory);
    p.lockAfterFailures = Math.min(p.lockAfterFailures, r.lockAfterFailures);
    p.lockMinutes = Math.max(p.lockMinutes, r.lockMinutes);
    if (r.sessionHours !== null) p.sessionHours = Math.min(p.sessionHours, r.sessionHours);
  }
  // a company that asks for none of the defaults still cannot go below the product's own rule
  p.passwordClasses = [...classes];
  return p;
}

/**
 * A new password against the user's rules: its length and character classes, then the last
 * `passwordHistory` passwords (the current one among them). Throws 400 naming the rule.
 */
export async function checkNewPassword(exec: Executor, userId: number, password: string, currentHash: string | null, ceilingHours: number): Promise<void> {
  const p = await signInPolicyFor(exec, userId, ceilingHours);
  const broken = passwordPolicyError(password, p);
  if (broken) throw badRequest(broken);
  if (p.passwordHistory === 0) return;
  const recent = (await q.listPasswordHashes(exec, userId, p.passwordHistory)).map((r) => r.passwordHash);
  if (currentHash && !recent.includes(currentHash)) recent.unshift(currentHash);
  for (const h of recent.slice(0, p.passwordHistory)) {
    if (await verifyPassword(password, h)) throw badRequest(`新密码不能与最近${p.passwordHistory}次使用过的密码相同（企业密码策略）`);
  }
}

/** Remembers a password just set (its hash), for the history rule and the expiry. */
export async function recordPasswordSet(exec: Executor, userId: number, passwordHash: string): Promise<void> {
  await q.insertPasswordHash(exec, userId, passwordHash, HISTORY_KEPT);
}

/** Whether the user's password is older than the expiry their companies set (from when it was set, or the account was made). */
export async function passwordExpired(exec: Executor, userId: number, expiryDays: number): Promise<boolean> {
  if (expiryDays <= 0) return false;
  const last = (await q.listPasswordHashes(exec, userId, 1))[0]?.createdAt ?? (await q.findUserCreatedAt(exec, userId));
  return last !== null && Date.now() - last.getTime() > expiryDays * 24 * 3600_000;
}
