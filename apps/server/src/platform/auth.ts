import { sql } from 'drizzle-orm';
import { rowsOf, runStatement, type Executor } from './db.ts';
import type { AppServices } from './services.ts';

export type SessionUser = { userId: number; nickname: string; sessionId: number };

type SessionRow = { user_id: string | number; nickname: string; session_id: string | number };

/** The signed-in user behind a bearer token, or null when the token is unknown, expired or revoked. */
export async function authenticateSession(services: AppServices, exec: Executor, token: string): Promise<SessionUser | null> {
  const th = services.hashToken(token);
  const rows = rowsOf<SessionRow>(
    await exec.execute(sql`
      select s.user_id, u.nickname, s.id as session_id
      from sessions s join users u on u.id = s.user_id
      where s.token_hash = ${th} and s.revoked_at is null and s.expires_at > now() and u.status = 1`),
  );
  const r = rows[0];
  return r ? { userId: Number(r.user_id), nickname: r.nickname, sessionId: Number(r.session_id) } : null;
}

/** Whether the user is a platform operator (a user flag, not a company role). */
export async function isPlatformOperator(exec: Executor, userId: number): Promise<boolean> {
  const rows = rowsOf<{ ok: boolean }>(await exec.execute(sql`select platform_operator as ok from users where id = ${userId} and status = 1`));
  return rows[0]?.ok === true;
}

export type CompanyAuth = { user: SessionUser; isMember: boolean; isAdmin: boolean; granted: boolean };

type AuthRow = SessionRow & { is_member: boolean; is_admin: boolean | null; granted: boolean };

const AUTH_SELECT = `
  select s.user_id, u.nickname, s.id as session_id,
    (m.user_id is not null) as is_member, m.is_admin,
    (m.user_id is not null and GRANTED) as granted
  from sessions s
  join users u on u.id = s.user_id
  left join company_members m on m.company_id = $2 and m.user_id = s.user_id and m.status = 1
  where s.token_hash = $1 and s.revoked_at is null and s.expires_at > now() and u.status = 1`;

const GRANTED = `exists (select 1 from company_permissions cp where cp.company_id = $2 and cp.permission_key = $3 and cp.enabled)
  and (coalesce(m.is_admin, false)
    or exists (select 1 from user_roles ur
        join roles r on r.company_id = ur.company_id and r.id = ur.role_id and r.status = 1
        join role_permissions rp on rp.company_id = ur.company_id and rp.role_id = ur.role_id
        where ur.company_id = $2 and ur.user_id = s.user_id and rp.permission_key = $3)
    or exists (select 1 from user_permissions up
        where up.company_id = $2 and up.user_id = s.user_id and up.permission_key = $3))`;

const AUTH_MEMBER = AUTH_SELECT.replace('GRANTED', 'true');
const AUTH_PERMISSION = AUTH_SELECT.replace('GRANTED', GRANTED);

/**
 * One round trip: the session, the membership in the company, and whether the member holds the
 * permission. Administrators hold every permission the company has switched on; other members hold
 * what their active roles and direct grants give, within what the company has switched on.
 */
export async function authorizeInCompany(
  services: AppServices,
  exec: Executor,
  token: string,
  companyId: number,
  permission: string | null,
): Promise<CompanyAuth | null> {
  const th = services.hashToken(token);
  const rows =
    permission === null
      ? await runStatement<AuthRow>(exec, 'wfsaas_auth_member', AUTH_MEMBER, [th, companyId])
      : await runStatement<AuthRow>(exec, 'wfsaas_auth_permission', AUTH_PERMISSION, [th, companyId, permission]);
  const r = rows[0];
  if (!r) return null;
  return {
    user: { userId: Number(r.user_id), nickname: r.nickname, sessionId: Number(r.session_id) },
    isMember: r.is_member,
    isAdmin: Boolean(r.is_admin),
    granted: r.granted,
  };
}

type MemberRow = SessionRow & { is_admin: boolean };

/**
 * A sign-in (by its session id) that is still valid, of a user who is an active member of the
 * company: for requests that carry a one-time token instead of the bearer token (downloads).
 */
export async function memberBySession(exec: Executor, sessionId: number, userId: number, companyId: number): Promise<{ user: SessionUser; isAdmin: boolean } | null> {
  const rows = rowsOf<MemberRow>(
    await exec.execute(sql`
      select s.user_id, u.nickname, s.id as session_id, m.is_admin
      from sessions s
      join users u on u.id = s.user_id
      join company_members m on m.company_id = ${companyId} and m.user_id = s.user_id and m.status = 1
      where s.id = ${sessionId} and s.user_id = ${userId} and s.revoked_at is null and s.expires_at > now() and u.status = 1`),
  );
  const r = rows[0];
  return r ? { user: { userId: Number(r.user_id), nickname: r.nickname, sessionId: Number(r.session_id) }, isAdmin: Boolean(r.is_admin) } : null;
}
