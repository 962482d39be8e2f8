import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import { companyMembers, employees, payslips, users } from '../../db/schema/index.ts';
import { rowsOf, type Executor } from '../../platform/db.ts';
import type { PayslipRow } from './payslips.queries.ts';

/** Sending payslips: who receives them and how, the company's SMS this month, and the payslips that confirm on their own. */

export type DeliveryTarget = {
  payslip: PayslipRow;
  mobileEnc: string | null;
  email: string | null;
  /** The employee's sign-in account in this company, when they have one. */
  userId: number | null;
};

/** The payslips with what delivery needs: the employee's contacts and account. */
export async function listDeliveryTargets(exec: Executor, companyId: number, ids: number[]): Promise<DeliveryTarget[]> {
  if (ids.length === 0) return [];
  const rows = await exec
    .select({ p: payslips, mobileEnc: employees.mobileEnc, email: employees.email, mobileHash: employees.mobileHash })
    .from(payslips)
    .leftJoin(employees, and(eq(employees.companyId, payslips.companyId), eq(employees.id, payslips.employeeId)))
    .where(and(eq(payslips.companyId, companyId), inArray(payslips.id, ids)))
    .orderBy(asc(payslips.id));
  const employeeIds = rows.map((r) => r.p.employeeId).filter((x): x is number => x !== null);
  const hashes = rows.map((r) => r.mobileHash).filter((x): x is string => !!x);
  const accounts =
    employeeIds.length === 0
      ? []
      : await exec
          .select({ userId: companyMembers.userId, employeeId: companyMembers.employeeId, phoneHash: users.phoneHash })
          .from(companyMembers)
          .innerJoin(users, eq(users.id, companyMembers.userId))
          .where(
            and(
              eq(companyMembers.companyId, companyId),
              eq(companyMembers.status, 1),
              or(inArray(companyMembers.employeeId, employeeIds), hashes.length > 0 ? inArray(users.phoneHash, hashes) : sql`false`),
            ),
          );
  return rows.map((r) => {
    const acc = accounts.find((a) => (a.employeeId !== null && a.employeeId === r.p.employeeId) || (r.mobileHash && a.phoneHash === r.mobileHash));
    return { payslip: r.p, mobileEnc: r.mobileEnc, email: r.email, userId: acc ? Number(acc.userId) : null };
  });
}

/** SMS the company put in the outbox since the start of the month (China time), any status. */
export async function countCompanySmsThisMonth(exec: Executor, companyId: number): Promise<number> {
  const rows = rowsOf<{ n: string | number }>(
    await exec.execute(sql`
      select count(*) as n from outbox
      where company_id = ${companyId} and channel = 'sms'
        and created_at >= (date_trunc('month', now() at time zone 'Asia/Shanghai') at time zone 'Asia/Shanghai')`),
  );
  return Number(rows[0]?.n ?? 0);
}

/** Current payslips of the batch whose employee has a mobile (the SMS a send would use). */
export async function countSmsRecipients(exec: Executor, companyId: number, batchId: number): Promise<number> {
  const rows = rowsOf<{ n: string | number }>(
    await exec.execute(sql`
      select count(*) as n from payslips p join employees e on e.company_id = p.company_id and e.id = p.employee_id
      where p.company_id = ${companyId} and p.batch_id = ${batchId} and p.is_current and e.mobile_enc is not null`),
  );
  return Number(rows[0]?.n ?? 0);
}

// ── auto-confirm ──

/** Run as the owner: companies with sent batches that confirm on their own. */
export async function listCompaniesWithAutoConfirm(exec: Executor): Promise<number[]> {
  const rows = rowsOf<{ company_id: string | number }>(
    await exec.execute(sql`select distinct company_id from payslip_batches where auto_confirm_days > 0 and status = 3 and archived_at is null`),
  );
  return rows.map((r) => Number(r.company_id));
}

/** Sent or viewed payslips whose batch's auto-confirm period has passed. */
export async function listAutoConfirmDue(exec: Executor, companyId: number, now: Date): Promise<{ id: number; batchId: number }[]> {
  const rows = rowsOf<{ id: string | number; batch_id: string | number }>(
    await exec.execute(sql`
      select p.id, p.batch_id from payslips p
      join payslip_batches b on b.company_id = p.company_id and b.id = p.batch_id
      where p.company_id = ${companyId} and b.auto_confirm_days > 0 and b.status = 3 and b.archived_at is null
        and p.is_current and p.archived_at is null and p.status in (1, 2)
        and p.sent_at <= ${now.toISOString()}::timestamptz - make_interval(days => b.auto_confirm_days)
      order by p.batch_id, p.id`),
  );
  return rows.map((r) => ({ id: Number(r.id), batchId: Number(r.batch_id) }));
}
