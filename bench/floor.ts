import type { PGlite } from '@electric-sql/pglite';
import fastify, { type FastifyInstance } from 'fastify';
import type pg from 'pg';

/**
 * The floor the API benchmark compares our stack with: plain Fastify (no plugins, no envelope, no
 * auth layer, no transaction) running the same SQL statements on the same driver and database.
 */
export type FloorDriver = { query<T>(text: string, params: unknown[]): Promise<T[]> };

export function pgFloorDriver(pool: pg.Pool): FloorDriver {
  return { query: async <T>(text: string, params: unknown[]) => (await pool.query(text, params)).rows as T[] };
}

export function pgliteFloorDriver(client: PGlite): FloorDriver {
  return { query: async <T>(text: string, params: unknown[]) => (await client.query<T>(text, params)).rows };
}

/**
 * platform/auth.ts authorizeInCompany with permission null ('member' access), as drizzle renders it:
 * $1 company id, $2 token hash.
 */
export const AUTH_SQL = `
      select s.user_id, u.nickname, s.id as session_id,
        (m.user_id is not null) as is_member, m.is_admin,
        (m.user_id is not null and true) as granted
      from sessions s
      join users u on u.id = s.user_id
      left join company_members m on m.company_id = $1 and m.user_id = s.user_id and m.status = 1
      where s.token_hash = $2 and s.revoked_at is null and s.expires_at > now() and u.status = 1`;

/** platform/permissions.ts listGrantedKeys for an administrator: $1 company id. */
export const ADMIN_KEYS_SQL = `select permission_key from company_permissions where company_id = $1 and enabled`;

/** platform/permissions.ts listGrantedKeys for another member, numbered as drizzle does: $1, $2, $4 company id; $3, $5 user id. */
export const MEMBER_KEYS_SQL = `
          select cp.permission_key from company_permissions cp
          where cp.company_id = $1 and cp.enabled and cp.permission_key in (
            select rp.permission_key from user_roles ur
              join roles r on r.company_id = ur.company_id and r.id = ur.role_id and r.status = 1
              join role_permissions rp on rp.company_id = ur.company_id and rp.role_id = ur.role_id
              where ur.company_id = $2 and ur.user_id = $3
            union
            select up.permission_key from user_permissions up where up.company_id = $4 and up.user_id = $5)`;

type AuthRow = { user_id: string | number; is_member: boolean; is_admin: boolean | null };

export function buildFloor(driver: FloorDriver, hashToken: (token: string) => string): FastifyInstance {
  const app = fastify();
  app.get('/api/health', async () => {
    await driver.query('select 1', []);
    return { db: 'ok' };
  });
  app.post('/wfsaas-system/api/sys/permission/in/user/list', async (req, reply) => {
    const token = /^Bearer\s+(.+)$/i.exec(req.headers.authorization ?? '')?.[1];
    const companyId = Number(req.headers.companyid);
    if (!token || !Number.isSafeInteger(companyId) || companyId <= 0) return reply.status(401).send({});
    const [auth] = await driver.query<AuthRow>(AUTH_SQL, [companyId, hashToken(token)]);
    if (!auth) return reply.status(401).send({});
    if (!auth.is_member) return reply.status(403).send({});
    const userId = Number(auth.user_id);
    const rows = auth.is_admin
      ? await driver.query<{ permission_key: string }>(ADMIN_KEYS_SQL, [companyId])
      : await driver.query<{ permission_key: string }>(MEMBER_KEYS_SQL, [companyId, companyId, userId, companyId, userId]);
    const map: Record<string, boolean> = {};
    for (const r of rows) map[r.permission_key] = true;
    return map;
  });
  return app;
}
