import { and, count, desc, eq, gt, sql } from 'drizzle-orm';
import { memberInvitations, users } from '../../db/schema/index.ts';
import { rowsOf, type Executor } from '../../platform/db.ts';

/** Invitations to join a company (member_invitations). */

export type InvitationRow = typeof memberInvitations.$inferSelect;

export async function insertInvitation(exec: Executor, v: typeof memberInvitations.$inferInsert): Promise<InvitationRow> {
  const rows = await exec.insert(memberInvitations).values(v).returning();
  return rows[0]!;
}

export async function findInvitation(exec: Executor, companyId: number, id: number, opts: { forUpdate?: boolean } = {}): Promise<InvitationRow | null> {
  const q = exec
    .select()
    .from(memberInvitations)
    .where(and(eq(memberInvitations.companyId, companyId), eq(memberInvitations.id, id)))
    .limit(1);
  const rows = opts.forUpdate ? await q.for('update') : await q;
  return rows[0] ?? null;
}

/** The open invitation of the company for a phone (at most one), expired or not. */
export async function findPendingInvitationByPhone(exec: Executor, companyId: number, phoneHash: string): Promise<InvitationRow | null> {
  const rows = await exec
    .select()
    .from(memberInvitations)
    .where(and(eq(memberInvitations.companyId, companyId), eq(memberInvitations.phoneHash, phoneHash), eq(memberInvitations.status, 0)))
    .limit(1);
  return rows[0] ?? null;
}

export type InvitationListRow = InvitationRow & { invitedByName: string | null };

export async function listInvitationsPage(exec: Executor, companyId: number, opts: { status?: number; offset: number; limit: number }): Promise<{ rows: InvitationListRow[]; total: number }> {
  const where = and(eq(memberInvitations.companyId, companyId), opts.status === undefined ? undefined : eq(memberInvitations.status, opts.status));
  const [t] = await exec.select({ n: count() }).from(memberInvitations).where(where);
  const rows = await exec
    .select({ i: memberInvitations, invitedByName: users.nickname })
    .from(memberInvitations)
    .leftJoin(users, eq(users.id, memberInvitations.invitedBy))
    .where(where)
    // pending first, then the newest
    .orderBy(sql`(${memberInvitations.status} = 0) desc`, desc(memberInvitations.createdAt), desc(memberInvitations.id))
    .offset(opts.offset)
    .limit(opts.limit);
  return { rows: rows.map((r) => ({ ...r.i, invitedByName: r.invitedByName })), total: Number(t?.n ?? 0) };
}

export async function updateInvitation(exec: Executor, companyId: number, id: number, set: Partial<typeof memberInvitations.$inferInsert>, onlyPending = true): Promise<boolean> {
  const rows = await exec
    .update(memberInvitations)
    .set(set)
    .where(and(eq(memberInvitations.companyId, companyId), eq(memberInvitations.id, id), onlyPending ? eq(memberInvitations.status, 0) : undefined))
    .returning({ id: memberInvitations.id });
  return rows.length === 1;
}

export type PhoneInvitationRow = { company_id: string | number; id: string | number; nickname: string; company_name: string; invited_by_name: string | null; created_at: Date | string; expires_at: Date | string };

/**
 * A person's open invitations across companies, by their phone's look-up hash. Spans companies by
 * nature, so it runs as the owner (outside a tenant transaction), keyed by the phone.
 */
export async function listOpenInvitationsForPhone(exec: Executor, phoneHash: string): Promise<PhoneInvitationRow[]> {
  return rowsOf<PhoneInvitationRow>(
    await exec.execute(sql`
      select i.company_id, i.id, i.nickname, c.name as company_name, u.nickname as invited_by_name, i.created_at, i.expires_at
      from member_invitations i
      join companies c on c.id = i.company_id and c.status = 1
      left join users u on u.id = i.invited_by
      where i.phone_hash = ${phoneHash} and i.status = 0 and i.expires_at > now()
      order by i.created_at desc, i.id desc`),
  );
}

export async function findUserPhone(exec: Executor, userId: number): Promise<{ phoneHash: string; phoneEnc: string; phoneVerifiedAt: Date | null; nickname: string } | null> {
  const rows = await exec
    .select({ phoneHash: users.phoneHash, phoneEnc: users.phoneEnc, phoneVerifiedAt: users.phoneVerifiedAt, nickname: users.nickname })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return rows[0] ?? null;
}

export async function markUserPhoneVerified(exec: Executor, userId: number): Promise<void> {
  await exec.update(users).set({ phoneVerifiedAt: new Date() }).where(eq(users.id, userId));
}

/** How many of the company's invitations are still open (pending and within their time). */
export async function countOpenInvitations(exec: Executor, companyId: number): Promise<number> {
  const [r] = await exec
    .select({ n: count() })
    .from(memberInvitations)
    .where(and(eq(memberInvitations.companyId, companyId), eq(memberInvitations.status, 0), gt(memberInvitations.expiresAt, new Date())));
  return Number(r?.n ?? 0);
}
