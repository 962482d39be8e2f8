import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { onboardingInvites, onboardingLinks, onboardingSubmissions } from '../../db/schema/index.ts';
import { rowsOf, type Executor } from '../../platform/db.ts';

/** Invitations, their public links and the candidates' submissions. */

export type InviteRow = typeof onboardingInvites.$inferSelect;
export type SubmissionRow = typeof onboardingSubmissions.$inferSelect;
export type InviteListRow = InviteRow & {
  departmentName: string | null;
  positionName: string | null;
  createdByName: string | null;
  submitted: number;
  approved: number;
  rejected: number;
};

export async function insertInvite(exec: Executor, v: typeof onboardingInvites.$inferInsert): Promise<InviteRow> {
  const rows = await exec.insert(onboardingInvites).values(v).returning();
  return rows[0]!;
}

export async function insertLink(exec: Executor, v: typeof onboardingLinks.$inferInsert): Promise<void> {
  await exec.insert(onboardingLinks).values(v);
}

/** Run as the owner: the company and invitation of a link's token hash. */
export async function findLink(exec: Executor, tokenHash: string): Promise<{ companyId: number; inviteId: number } | null> {
  const rows = await exec.select({ companyId: onboardingLinks.companyId, inviteId: onboardingLinks.inviteId }).from(onboardingLinks).where(eq(onboardingLinks.tokenHash, tokenHash)).limit(1);
  return rows[0] ? { companyId: Number(rows[0].companyId), inviteId: Number(rows[0].inviteId) } : null;
}

export async function findInvite(exec: Executor, companyId: number, id: number): Promise<InviteRow | null> {
  const rows = await exec
    .select()
    .from(onboardingInvites)
    .where(and(eq(onboardingInvites.companyId, companyId), eq(onboardingInvites.id, id)))
    .limit(1);
  return rows[0] ?? null;
}

export async function closeInvite(exec: Executor, companyId: number, id: number): Promise<boolean> {
  const rows = await exec
    .update(onboardingInvites)
    .set({ status: 0 })
    .where(and(eq(onboardingInvites.companyId, companyId), eq(onboardingInvites.id, id), eq(onboardingInvites.status, 1)))
    .returning({ id: onboardingInvites.id });
  return rows.length === 1;
}

const inviteColumns = (companyId: number) => sql`
  i.*, 
  (select d.name from departments d where d.company_id = i.company_id and d.id = i.department_id) as "departmentName",
  (select p.name from positions p where p.company_id = i.company_id and p.id = i.position_id) as "positionName",
  (select u.nickname from users u where u.id = i.created_by) as "createdByName",
  (select count(*) from onboarding_submissions s where s.company_id = ${companyId} and s.invite_id = i.id and s.status = 0) as submitted,
  (select count(*) from onboarding_submissions s where s.company_id = ${companyId} and s.invite_id = i.id and s.status = 1) as approved,
  (select count(*) from onboarding_submissions s where s.company_id = ${companyId} and s.invite_id = i.id and s.status = 2) as rejected`;

function toInviteListRow(r: Record<string, unknown>): InviteListRow {
  return {
    companyId: Number(r.company_id),
    id: Number(r.id),
    title: String(r.title),
    tokenEnc: r.token_enc === null ? null : String(r.token_enc),
    token: r.token === null ? null : String(r.token),
    expiresOn: String(r.expires_on).slice(0, 10),
    status: Number(r.status),
    departmentId: r.department_id === null ? null : Number(r.department_id),
    positionId: r.position_id === null ? null : Number(r.position_id),
    hireDate: r.hire_date === null ? null : String(r.hire_date).slice(0, 10),
    createdBy: r.created_by === null ? null : Number(r.created_by),
    createdAt: new Date(r.created_at as string),
    departmentName: (r.departmentName as string | null) ?? null,
    positionName: (r.positionName as string | null) ?? null,
    createdByName: (r.createdByName as string | null) ?? null,
    submitted: Number(r.submitted ?? 0),
    approved: Number(r.approved ?? 0),
    rejected: Number(r.rejected ?? 0),
  };
}

export async function listInvites(exec: Executor, companyId: number, f: { status?: number; ids?: number[] }, offset: number, limit: number): Promise<{ rows: InviteListRow[]; total: number }> {
  const conds: SQL[] = [sql`i.company_id = ${companyId}`];
  if (f.status !== undefined) conds.push(sql`i.status = ${f.status}`);
  if (f.ids) conds.push(f.ids.length ? sql`i.id in (${sql.join(f.ids.map((id) => sql`${id}`), sql`, `)})` : sql`false`);
  const rows = rowsOf<Record<string, unknown>>(
    await exec.execute(sql`select ${inviteColumns(companyId)}, count(*) over () as total from onboarding_invites i where ${sql.join(conds, sql` and `)} order by i.id desc offset ${offset} limit ${limit}`),
  );
  return { rows: rows.map(toInviteListRow), total: Number(rows[0]?.total ?? 0) };
}

export async function findSubmissionByMobile(exec: Executor, companyId: number, inviteId: number, mobileHash: string): Promise<SubmissionRow | null> {
  const rows = await exec
    .select()
    .from(onboardingSubmissions)
    .where(and(eq(onboardingSubmissions.companyId, companyId), eq(onboardingSubmissions.inviteId, inviteId), eq(onboardingSubmissions.mobileHash, mobileHash)))
    .limit(1);
  return rows[0] ?? null;
}

export async function findSubmission(exec: Executor, companyId: number, id: number, forUpdate = false): Promise<SubmissionRow | null> {
  const q = exec
    .select()
    .from(onboardingSubmissions)
    .where(and(eq(onboardingSubmissions.companyId, companyId), eq(onboardingSubmissions.id, id)))
    .limit(1);
  const rows = forUpdate ? await q.for('update') : await q;
  return rows[0] ?? null;
}

export async function insertSubmission(exec: Executor, v: typeof onboardingSubmissions.$inferInsert): Promise<SubmissionRow> {
  const rows = await exec.insert(onboardingSubmissions).values(v).returning();
  return rows[0]!;
}

export async function updateSubmission(exec: Executor, companyId: number, id: number, set: Partial<typeof onboardingSubmissions.$inferInsert>): Promise<SubmissionRow> {
  const rows = await exec
    .update(onboardingSubmissions)
    .set(set)
    .where(and(eq(onboardingSubmissions.companyId, companyId), eq(onboardingSubmissions.id, id)))
    .returning();
  return rows[0]!;
}

export type SubmissionListRow = SubmissionRow & { inviteTitle: string; reviewedByName: string | null };

export async function listSubmissions(
  exec: Executor,
  companyId: number,
  f: { inviteId?: number; status?: number; keyword?: string; ids?: number[] },
  offset: number,
  limit: number,
): Promise<{ rows: SubmissionListRow[]; total: number }> {
  const s = onboardingSubmissions;
  const conds: SQL[] = [eq(s.companyId, companyId)];
  if (f.inviteId !== undefined) conds.push(eq(s.inviteId, f.inviteId));
  if (f.status !== undefined) conds.push(eq(s.status, f.status));
  if (f.keyword) conds.push(sql`${s.name} ilike ${`%${f.keyword.replace(/[\\%_]/g, (m) => `\\${m}`)}%`}`);
  if (f.ids) conds.push(f.ids.length ? sql`${s.id} in (${sql.join(f.ids.map((id) => sql`${id}`), sql`, `)})` : sql`false`);
  const where = and(...conds);
  const [totalRow] = rowsOf<{ n: string | number }>(await exec.execute(sql`select count(*) as n from onboarding_submissions where ${where}`));
  const rows = await exec
    .select({
      sub: s,
      inviteTitle: sql<string>`(select i.title from onboarding_invites i where i.company_id = ${s.companyId} and i.id = ${s.inviteId})`,
      reviewedByName: sql<string | null>`(select u.nickname from users u where u.id = ${s.reviewedBy})`,
    })
    .from(s)
    .where(where)
    .orderBy(desc(s.submittedAt), desc(s.id))
    .offset(offset)
    .limit(limit);
  return { rows: rows.map((r) => ({ ...r.sub, inviteTitle: r.inviteTitle, reviewedByName: r.reviewedByName })), total: Number(totalRow?.n ?? 0) };
}

export async function companyName(exec: Executor, companyId: number): Promise<string> {
  const [r] = rowsOf<{ name: string }>(await exec.execute(sql`select name from companies where id = ${companyId}`));
  return r?.name ?? '';
}

