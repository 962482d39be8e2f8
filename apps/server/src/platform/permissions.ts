import { PERMISSION_KEYS } from '@wfsaas/contracts';
import { companyPermissions } from '../db/schema/index.ts';
import { sql } from 'drizzle-orm';
import { rowsOf, runStatement, type Executor } from './db.ts';

/** Switches on every permission key for a company (new companies, and "company permission init"). */
export async function initCompanyPermissions(exec: Executor, companyId: number, keys: readonly string[] = PERMISSION_KEYS): Promise<number> {
  if (keys.length === 0) return 0;
  const rows = await exec
    .insert(companyPermissions)
    .values(keys.map((permissionKey) => ({ companyId, permissionKey, enabled: true })))
    .onConflictDoNothing()
    .returning({ key: companyPermissions.permissionKey });
  return rows.length;
}

/**
 * Switches on, in every company, the permission keys this version adds: keys no company has a row
 * for yet. A key a company has (on or off) is left as the company set it. Runs at start.
 */
export async function enableNewPermissionKeys(exec: Executor): Promise<string[]> {
  const known = new Set(rowsOf<{ k: string }>(await exec.execute(sql`select distinct permission_key as k from company_permissions`)).map((r) => r.k));
  const fresh = PERMISSION_KEYS.filter((k) => !known.has(k));
  if (fresh.length === 0) return [];
  const ids = rowsOf<{ id: string | number }>(await exec.execute(sql`select id from companies`)).map((r) => Number(r.id));
  for (const companyId of ids) await initCompanyPermissions(exec, companyId, fresh);
  return fresh;
}

const ADMIN_KEYS = `select permission_key from company_permissions where company_id = $1 and enabled`;
const MEMBER_KEYS = `
  select cp.permission_key from company_permissions cp
  where cp.company_id = $1 and cp.enabled and cp.permission_key in (
    select rp.permission_key from user_roles ur
      join roles r on r.company_id = ur.company_id and r.id = ur.role_id and r.status = 1
      join role_permissions rp on rp.company_id = ur.company_id and rp.role_id = ur.role_id
      where ur.company_id = $1 and ur.user_id = $2
    union
    select up.permission_key from user_permissions up where up.company_id = $1 and up.user_id = $2)`;

/**
 * The keys a member holds in a company: for an administrator every key the company has switched
 * on; otherwise the keys of their active roles and direct grants, within what the company has on.
 * Every page load asks for them, so they run as prepared statements.
 */
export async function listGrantedKeys(exec: Executor, companyId: number, userId: number, isAdmin: boolean): Promise<string[]> {
  const rows = isAdmin
    ? await runStatement<{ permission_key: string }>(exec, 'wfsaas_keys_admin', ADMIN_KEYS, [companyId])
    : await runStatement<{ permission_key: string }>(exec, 'wfsaas_keys_member', MEMBER_KEYS, [companyId, userId]);
  return rows.map((r) => r.permission_key);
}

/**
 * Active members who hold a permission while the company has it switched on: the administrators and
 * members granted it by an active role or directly (who gets a notice meant for that work).
 */
export async function listMembersHolding(exec: Executor, companyId: number, permissionKey: string): Promise<number[]> {
  const rows = rowsOf<{ user_id: string | number }>(
    await exec.execute(sql`
      select m.user_id
      from company_members m
      join users u on u.id = m.user_id and u.status = 1
      where m.company_id = ${companyId} and m.status = 1
        and exists (select 1 from company_permissions cp where cp.company_id = ${companyId} and cp.permission_key = ${permissionKey} and cp.enabled)
        and (m.is_admin
          or exists (select 1 from user_roles ur
              join roles r on r.company_id = ur.company_id and r.id = ur.role_id and r.status = 1
              join role_permissions rp on rp.company_id = ur.company_id and rp.role_id = ur.role_id
              where ur.company_id = ${companyId} and ur.user_id = m.user_id and rp.permission_key = ${permissionKey})
          or exists (select 1 from user_permissions up where up.company_id = ${companyId} and up.user_id = m.user_id and up.permission_key = ${permissionKey}))
      order by m.user_id`),
  );
  return rows.map((r) => Number(r.user_id));
}
