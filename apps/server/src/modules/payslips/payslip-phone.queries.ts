import { and, count, eq, gt, isNull, sql } from 'drizzle-orm';
import { payslipLinks, smsCodes } from '../../db/schema/index.ts';
import { rowsOf, type Executor } from '../../platform/db.ts';

/** The employee's phone page: its links, the verification codes it sends and the payslip passwords. */

// ── phone links ──

export async function insertLink(exec: Executor, v: typeof payslipLinks.$inferInsert): Promise<void> {
  await exec.insert(payslipLinks).values(v).onConflictDoNothing();
}

/** Run as the owner: the phone page has no company yet. */
export async function findLink(exec: Executor, tokenHash: string): Promise<{ companyId: number; payslipId: number } | null> {
  const rows = await exec.select({ companyId: payslipLinks.companyId, payslipId: payslipLinks.payslipId }).from(payslipLinks).where(eq(payslipLinks.tokenHash, tokenHash)).limit(1);
  return rows[0] ? { companyId: Number(rows[0].companyId), payslipId: Number(rows[0].payslipId) } : null;
}

// ── verification codes (the sign-in code store, with a purpose per payslip) ──

export async function countSmsSince(exec: Executor, by: { phoneHash?: string; ip?: string }, since: Date): Promise<number> {
  const cond = by.phoneHash ? eq(smsCodes.phoneHash, by.phoneHash) : eq(smsCodes.ip, by.ip ?? '');
  const [r] = await exec.select({ n: count() }).from(smsCodes).where(and(cond, gt(smsCodes.createdAt, since)));
  return Number(r?.n ?? 0);
}

export async function insertSmsCode(exec: Executor, v: { phoneHash: string; codeHash: string; purpose: string; ip: string; expiresAt: Date }): Promise<void> {
  await exec.insert(smsCodes).values(v);
}

/** The newest unused, unexpired code of the purpose; its attempt counter is raised in the same statement. */
export async function takeSmsAttempt(exec: Executor, phoneHash: string, purpose: string): Promise<{ id: number; code_hash: string; attempts: number } | null> {
  const rows = rowsOf<{ id: number; code_hash: string; attempts: number }>(
    await exec.execute(sql`
      update sms_codes set attempts = attempts + 1
      where id = (select id from sms_codes where phone_hash = ${phoneHash} and purpose = ${purpose}
                  and used_at is null and expires_at > now() order by created_at desc limit 1)
      returning id, code_hash, attempts`),
  );
  return rows[0] ?? null;
}

export async function markSmsUsed(exec: Executor, id: number): Promise<boolean> {
  const rows = await exec
    .update(smsCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(smsCodes.id, Number(id)), isNull(smsCodes.usedAt)))
    .returning({ id: smsCodes.id });
  return rows.length === 1;
}

// ── payslip passwords ──

export async function findPayslipPassword(exec: Executor, companyId: number, employeeId: number): Promise<string | null> {
  const rows = rowsOf<{ password_hash: string }>(await exec.execute(sql`select password_hash from payslip_passwords where company_id = ${companyId} and employee_id = ${employeeId}`));
  return rows[0]?.password_hash ?? null;
}

/** Sets the password only when the employee has none yet (two first visits cannot both choose one). */
export async function insertPayslipPassword(exec: Executor, companyId: number, employeeId: number, passwordHash: string): Promise<boolean> {
  const rows = rowsOf<{ employee_id: string }>(
    await exec.execute(sql`insert into payslip_passwords (company_id, employee_id, password_hash) values (${companyId}, ${employeeId}, ${passwordHash}) on conflict do nothing returning employee_id`),
  );
  return rows.length > 0;
}

export async function deletePayslipPassword(exec: Executor, companyId: number, employeeId: number): Promise<boolean> {
  const rows = rowsOf<{ employee_id: string }>(await exec.execute(sql`delete from payslip_passwords where company_id = ${companyId} and employee_id = ${employeeId} returning employee_id`));
  return rows.length > 0;
}
