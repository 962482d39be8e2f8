import { and, asc, count, desc, eq, gt, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import {
  companies,
  companyMembers,
  departments,
  employees,
  payslipBatches,
  payslipEvents,
  payslipLinks,
  payslips,
  payslipTemplates,
  smsCodes,
  users,
} from '../../db/schema/index.ts';
import { rowsOf, type Executor } from '../../platform/db.ts';

export type BatchRow = typeof payslipBatches.$inferSelect;
export type PayslipRow = typeof payslips.$inferSelect;
export type TemplateRow = typeof payslipTemplates.$inferSelect;
export type EventRow = typeof payslipEvents.$inferSelect;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (m) => `\\${m}`);

export async function findCompanyName(exec: Executor, companyId: number): Promise<string> {
  const rows = await exec.select({ name: companies.name }).from(companies).where(eq(companies.id, companyId)).limit(1);
  return rows[0]?.name ?? '';
}

// ── batches ──

export async function insertBatch(exec: Executor, v: typeof payslipBatches.$inferInsert): Promise<BatchRow> {
  const rows = await exec.insert(payslipBatches).values(v).returning();
  return rows[0]!;
}

export async function findBatch(exec: Executor, companyId: number, id: number): Promise<BatchRow | null> {
  const rows = await exec
    .select()
    .from(payslipBatches)
    .where(and(eq(payslipBatches.companyId, companyId), eq(payslipBatches.id, id), isNull(payslipBatches.archivedAt)))
    .limit(1);
  return rows[0] ?? null;
}

/** Locks the batch row: events of one batch are chained one at a time. */
export async function lockBatch(exec: Executor, companyId: number, id: number): Promise<void> {
  await exec.execute(sql`select id from payslip_batches where company_id = ${companyId} and id = ${id} for update`);
}

/** Updates a live batch, only when its status is one of `fromStatuses` (when given). */
export async function updateBatch(
  exec: Executor,
  companyId: number,
  id: number,
  set: Partial<typeof payslipBatches.$inferInsert>,
  fromStatuses?: number[],
): Promise<BatchRow | null> {
  const conds: SQL[] = [eq(payslipBatches.companyId, companyId), eq(payslipBatches.id, id), isNull(payslipBatches.archivedAt)];
  if (fromStatuses) conds.push(inArray(payslipBatches.status, fromStatuses));
  const rows = await exec
    .update(payslipBatches)
    .set({ ...set, updatedAt: new Date() })
    .where(and(...conds))
    .returning();
  return rows[0] ?? null;
}

export type BatchFilter = { month?: string; title?: string; status?: number };

export async function listBatchesPage(
  exec: Executor,
  companyId: number,
  f: BatchFilter,
  offset: number,
  limit: number,
): Promise<{ rows: (BatchRow & { createdByName: string | null })[]; total: number }> {
  const conds: SQL[] = [eq(payslipBatches.companyId, companyId), isNull(payslipBatches.archivedAt)];
  if (f.month) conds.push(eq(payslipBatches.month, f.month));
  if (f.title) conds.push(ilike(payslipBatches.title, `%${escapeLike(f.title)}%`));
  if (f.status !== undefined) conds.push(eq(payslipBatches.status, f.status));
  const where = and(...conds);
  const [total] = await exec.select({ n: count() }).from(payslipBatches).where(where);
  const rows = await exec
    .select({ b: payslipBatches, createdByName: users.nickname })
    .from(payslipBatches)
    .leftJoin(users, eq(users.id, payslipBatches.createdBy))
    .where(where)
    .orderBy(desc(payslipBatches.month), desc(payslipBatches.id))
    .offset(offset)
    .limit(limit);
  return { rows: rows.map((r) => ({ ...r.b, createdByName: r.createdByName })), total: Number(total?.n ?? 0) };
}

export async function findUserNickname(exec: Executor, userId: number | null): Promise<string | null> {
  if (userId === null) return null;
  const rows = await exec.select({ n: users.nickname }).from(users).where(eq(users.id, userId)).limit(1);
  return rows[0]?.n ?? null;
}

/** Current payslips of the batches by status, and how many match nobody. */
export async function countRowsByBatch(exec: Executor, companyId: number, batchIds: number[]): Promise<{ batchId: number; status: number; unmatched: boolean; n: number }[]> {
  if (batchIds.length === 0) return [];
  const rows = await exec
    .select({ batchId: payslips.batchId, status: payslips.status, unmatched: sql<boolean>`(${payslips.employeeId} is null)`, n: count() })
    .from(payslips)
    .where(and(eq(payslips.companyId, companyId), inArray(payslips.batchId, batchIds), eq(payslips.isCurrent, true), isNull(payslips.archivedAt)))
    .groupBy(payslips.batchId, payslips.status, sql`(${payslips.employeeId} is null)`);
  return rows.map((r) => ({ batchId: Number(r.batchId), status: Number(r.status), unmatched: r.unmatched === true || String(r.unmatched) === 'true', n: Number(r.n) }));
}

// ── employees ──

export type MatchEmployee = { id: number; name: string; mobileHash: string | null; idNumberHash: string | null; employeeNo: string | null };

export async function listEmployeesForMatching(exec: Executor, companyId: number): Promise<MatchEmployee[]> {
  return exec
    .select({ id: employees.id, name: employees.name, mobileHash: employees.mobileHash, idNumberHash: employees.idNumberHash, employeeNo: employees.employeeNo })
    .from(employees)
    .where(and(eq(employees.companyId, companyId), isNull(employees.archivedAt)));
}

export async function findEmployee(exec: Executor, companyId: number, id: number) {
  const rows = await exec
    .select()
    .from(employees)
    .where(and(eq(employees.companyId, companyId), eq(employees.id, id), isNull(employees.archivedAt)))
    .limit(1);
  return rows[0] ?? null;
}

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

// ── payslip rows ──

export async function insertPayslipRows(exec: Executor, values: (typeof payslips.$inferInsert)[]): Promise<PayslipRow[]> {
  if (values.length === 0) return [];
  return exec.insert(payslips).values(values).returning();
}

export async function findPayslip(exec: Executor, companyId: number, id: number): Promise<PayslipRow | null> {
  const rows = await exec
    .select()
    .from(payslips)
    .where(and(eq(payslips.companyId, companyId), eq(payslips.id, id), isNull(payslips.archivedAt)))
    .limit(1);
  return rows[0] ?? null;
}

/** Updates a payslip, only when its status is one of `fromStatuses` (when given). */
export async function updatePayslip(
  exec: Executor,
  companyId: number,
  id: number,
  set: Partial<typeof payslips.$inferInsert>,
  fromStatuses?: number[],
): Promise<PayslipRow | null> {
  const conds: SQL[] = [eq(payslips.companyId, companyId), eq(payslips.id, id), isNull(payslips.archivedAt)];
  if (fromStatuses) conds.push(inArray(payslips.status, fromStatuses));
  const rows = await exec
    .update(payslips)
    .set({ ...set, updatedAt: new Date() })
    .where(and(...conds))
    .returning();
  return rows[0] ?? null;
}

export async function countUnmatched(exec: Executor, companyId: number, batchId: number): Promise<number> {
  const [r] = await exec
    .select({ n: count() })
    .from(payslips)
    .where(and(eq(payslips.companyId, companyId), eq(payslips.batchId, batchId), eq(payslips.isCurrent, true), isNull(payslips.archivedAt), isNull(payslips.employeeId)));
  return Number(r?.n ?? 0);
}

export async function countCurrentRows(exec: Executor, companyId: number, batchId: number): Promise<number> {
  const [r] = await exec
    .select({ n: count() })
    .from(payslips)
    .where(and(eq(payslips.companyId, companyId), eq(payslips.batchId, batchId), eq(payslips.isCurrent, true), isNull(payslips.archivedAt)));
  return Number(r?.n ?? 0);
}

/** Current payslips of a batch in the given statuses (all, or only `ids`). */
export async function listPayslipIds(exec: Executor, companyId: number, batchId: number, statuses: number[], ids?: number[]): Promise<number[]> {
  const conds: SQL[] = [
    eq(payslips.companyId, companyId),
    eq(payslips.batchId, batchId),
    eq(payslips.isCurrent, true),
    isNull(payslips.archivedAt),
    inArray(payslips.status, statuses),
    sql`${payslips.employeeId} is not null`,
  ];
  if (ids) conds.push(inArray(payslips.id, ids));
  const rows = await exec.select({ id: payslips.id }).from(payslips).where(and(...conds)).orderBy(asc(payslips.id));
  return rows.map((r) => Number(r.id));
}

export type RowFilter = { status?: number; statuses?: readonly number[]; unmatched?: boolean; keyword?: string };
export type RowListItem = PayslipRow & { employeeNo: string | null; departmentName: string | null; mobileMasked: string | null };

function rowWhere(companyId: number, batchId: number, f: RowFilter): SQL {
  const conds: SQL[] = [eq(payslips.companyId, companyId), eq(payslips.batchId, batchId), eq(payslips.isCurrent, true), isNull(payslips.archivedAt)];
  if (f.status !== undefined) conds.push(eq(payslips.status, f.status));
  if (f.statuses) conds.push(inArray(payslips.status, [...f.statuses]));
  if (f.unmatched) conds.push(isNull(payslips.employeeId));
  if (f.keyword) {
    const k = `%${escapeLike(f.keyword)}%`;
    conds.push(or(ilike(payslips.name, k), ilike(employees.employeeNo, k))!);
  }
  return and(...conds)!;
}

export async function listRowsPage(exec: Executor, companyId: number, batchId: number, f: RowFilter, offset: number, limit: number): Promise<{ rows: RowListItem[]; total: number }> {
  const where = rowWhere(companyId, batchId, f);
  const join = and(eq(employees.companyId, payslips.companyId), eq(employees.id, payslips.employeeId));
  const [total] = await exec.select({ n: count() }).from(payslips).leftJoin(employees, join).where(where);
  const rows = await exec
    .select({ p: payslips, employeeNo: employees.employeeNo, departmentName: departments.name, mobileMasked: employees.mobileMasked })
    .from(payslips)
    .leftJoin(employees, join)
    .leftJoin(departments, and(eq(departments.companyId, employees.companyId), eq(departments.id, employees.departmentId)))
    .where(where)
    .orderBy(asc(payslips.rowNo), asc(payslips.id))
    .offset(offset)
    .limit(limit);
  return { rows: rows.map((r) => ({ ...r.p, employeeNo: r.employeeNo, departmentName: r.departmentName, mobileMasked: r.mobileMasked })), total: Number(total?.n ?? 0) };
}

/** The batch's rows after `afterId`, for the receipts export (read in batches). */
export async function listRowsAfter(exec: Executor, companyId: number, batchId: number, afterId: number, limit: number): Promise<RowListItem[]> {
  const page = await exec
    .select({ p: payslips, employeeNo: employees.employeeNo, departmentName: departments.name, mobileMasked: employees.mobileMasked })
    .from(payslips)
    .leftJoin(employees, and(eq(employees.companyId, payslips.companyId), eq(employees.id, payslips.employeeId)))
    .leftJoin(departments, and(eq(departments.companyId, employees.companyId), eq(departments.id, employees.departmentId)))
    .where(and(eq(payslips.companyId, companyId), eq(payslips.batchId, batchId), eq(payslips.isCurrent, true), isNull(payslips.archivedAt), gt(payslips.id, afterId)))
    .orderBy(asc(payslips.id))
    .limit(limit);
  return page.map((r) => ({ ...r.p, employeeNo: r.employeeNo, departmentName: r.departmentName, mobileMasked: r.mobileMasked }));
}

// ── phone links ──

export async function insertLink(exec: Executor, v: typeof payslipLinks.$inferInsert): Promise<void> {
  await exec.insert(payslipLinks).values(v).onConflictDoNothing();
}

/** Run as the owner: the phone page has no company yet. */
export async function findLink(exec: Executor, tokenHash: string): Promise<{ companyId: number; payslipId: number } | null> {
  const rows = await exec.select({ companyId: payslipLinks.companyId, payslipId: payslipLinks.payslipId }).from(payslipLinks).where(eq(payslipLinks.tokenHash, tokenHash)).limit(1);
  return rows[0] ? { companyId: Number(rows[0].companyId), payslipId: Number(rows[0].payslipId) } : null;
}

// ── evidence ──

export async function findLastEvent(exec: Executor, companyId: number, batchId: number): Promise<{ seq: number; hash: string } | null> {
  const rows = await exec
    .select({ seq: payslipEvents.seq, hash: payslipEvents.hash })
    .from(payslipEvents)
    .where(and(eq(payslipEvents.companyId, companyId), eq(payslipEvents.batchId, batchId)))
    .orderBy(desc(payslipEvents.seq))
    .limit(1);
  return rows[0] ?? null;
}

export async function insertEvents(exec: Executor, values: (typeof payslipEvents.$inferInsert)[]): Promise<void> {
  if (values.length > 0) await exec.insert(payslipEvents).values(values);
}

export async function listEvents(exec: Executor, companyId: number, batchId: number): Promise<EventRow[]> {
  return exec
    .select()
    .from(payslipEvents)
    .where(and(eq(payslipEvents.companyId, companyId), eq(payslipEvents.batchId, batchId)))
    .orderBy(asc(payslipEvents.seq));
}

export async function countRecentEvents(exec: Executor, companyId: number, payslipId: number, kind: string, since: Date): Promise<number> {
  const [r] = await exec
    .select({ n: count() })
    .from(payslipEvents)
    .where(and(eq(payslipEvents.companyId, companyId), eq(payslipEvents.payslipId, payslipId), eq(payslipEvents.kind, kind), gt(payslipEvents.createdAt, since)));
  return Number(r?.n ?? 0);
}

// ── templates ──

export async function listTemplates(exec: Executor, companyId: number): Promise<TemplateRow[]> {
  return exec
    .select()
    .from(payslipTemplates)
    .where(and(eq(payslipTemplates.companyId, companyId), isNull(payslipTemplates.archivedAt)))
    .orderBy(desc(payslipTemplates.updatedAt), desc(payslipTemplates.id));
}

export async function findTemplate(exec: Executor, companyId: number, id: number): Promise<TemplateRow | null> {
  const rows = await exec
    .select()
    .from(payslipTemplates)
    .where(and(eq(payslipTemplates.companyId, companyId), eq(payslipTemplates.id, id), isNull(payslipTemplates.archivedAt)))
    .limit(1);
  return rows[0] ?? null;
}

export async function findTemplateByName(exec: Executor, companyId: number, name: string): Promise<TemplateRow | null> {
  const rows = await exec
    .select()
    .from(payslipTemplates)
    .where(and(eq(payslipTemplates.companyId, companyId), eq(payslipTemplates.name, name), isNull(payslipTemplates.archivedAt)))
    .limit(1);
  return rows[0] ?? null;
}

export async function insertTemplate(exec: Executor, v: typeof payslipTemplates.$inferInsert): Promise<TemplateRow> {
  const rows = await exec.insert(payslipTemplates).values(v).returning();
  return rows[0]!;
}

export async function updateTemplate(exec: Executor, companyId: number, id: number, set: Partial<typeof payslipTemplates.$inferInsert>): Promise<TemplateRow | null> {
  const rows = await exec
    .update(payslipTemplates)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(payslipTemplates.companyId, companyId), eq(payslipTemplates.id, id), isNull(payslipTemplates.archivedAt)))
    .returning();
  return rows[0] ?? null;
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

/** The current payslip of an employee in a batch, when there is one. */
export async function findBatchPayslipOfEmployee(exec: Executor, companyId: number, batchId: number, employeeId: number): Promise<PayslipRow | null> {
  const rows = await exec
    .select()
    .from(payslips)
    .where(and(eq(payslips.companyId, companyId), eq(payslips.batchId, batchId), eq(payslips.employeeId, employeeId), eq(payslips.isCurrent, true), isNull(payslips.archivedAt)))
    .limit(1);
  return rows[0] ?? null;
}

export async function findRowView(exec: Executor, companyId: number, id: number): Promise<RowListItem | null> {
  const rows = await exec
    .select({ p: payslips, employeeNo: employees.employeeNo, departmentName: departments.name, mobileMasked: employees.mobileMasked })
    .from(payslips)
    .leftJoin(employees, and(eq(employees.companyId, payslips.companyId), eq(employees.id, payslips.employeeId)))
    .leftJoin(departments, and(eq(departments.companyId, employees.companyId), eq(departments.id, employees.departmentId)))
    .where(and(eq(payslips.companyId, companyId), eq(payslips.id, id)))
    .limit(1);
  const r = rows[0];
  return r ? { ...r.p, employeeNo: r.employeeNo, departmentName: r.departmentName, mobileMasked: r.mobileMasked } : null;
}

/** Run as the owner (the demo seed): every company id, oldest first. */
export async function listCompanyIds(exec: Executor): Promise<number[]> {
  const rows = await exec.select({ id: companies.id }).from(companies).orderBy(asc(companies.id));
  return rows.map((r) => Number(r.id));
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
