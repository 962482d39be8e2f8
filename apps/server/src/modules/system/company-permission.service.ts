import { LOCKED_PERMISSION_KEYS, PERMISSION_KEYS, type CompanyPermissionNode, type CompanyPermissionUpdate } from '@wfsaas/contracts';
import { writeAudit } from '../../platform/audit.ts';
import { badRequest } from '../../platform/errors.ts';
import { initCompanyPermissions } from '../../platform/permissions.ts';
import * as aq from './access.queries.ts';
import { checkPermissionKeys, requireAdmin } from './guards.ts';
import * as mq from './members.queries.ts';
import { fullTree, permissionTitle } from './permission-tree.ts';
import type { ServiceCtx } from '../../platform/http.ts';

/**
 * Company permissions: which keys a company has switched on. Only the company's administrators
 * manage them. Switching a key off hides it from every member (administrators included) until it
 * is switched on again; roles keep their settings meanwhile.
 */

/** Adds every key the company does not have yet, switched on. Keys switched off on purpose stay off. */
export async function initPermissions(c: ServiceCtx): Promise<{ added: number }> {
  requireAdmin(c);
  const added = await initCompanyPermissions(c.tx, c.companyId);
  if (added > 0) await c.audit({ action: 'companyPermission.init', entity: 'company_permission', entityId: c.companyId, after: { added } });
  return { added };
}

/** The whole permission tree with `enabled` per key. */
export async function companyPermissionTree(c: ServiceCtx): Promise<CompanyPermissionNode[]> {
  requireAdmin(c);
  const enabled = new Set(await aq.listEnabledKeys(c.tx, c.companyId));
  return fullTree<CompanyPermissionNode>((n) => ({ enabled: enabled.has(n.key) }));
}

export async function updatePermissions(c: ServiceCtx, input: CompanyPermissionUpdate): Promise<{ updated: number }> {
  requireAdmin(c);
  const keys = checkPermissionKeys(input.permissionKeys).sort();
  if (!input.enabled) {
    const locked = keys.find((k) => (LOCKED_PERMISSION_KEYS as readonly string[]).includes(k));
    if (locked) throw badRequest(`不能关闭「${permissionTitle(locked)}」，否则将无人能够管理权限`);
  }
  const rows = new Map((await aq.listCompanyPermissionRows(c.tx, c.companyId)).map((r) => [r.key, r.enabled]));
  const changed = keys.filter((k) => rows.get(k) !== input.enabled);
  if (changed.length === 0) return { updated: 0 };
  await aq.upsertCompanyPermissions(c.tx, c.companyId, changed, input.enabled);
  await c.audit({
    action: 'companyPermission.update',
    entity: 'company_permission',
    entityId: c.companyId,
    before: Object.fromEntries(changed.map((k) => [k, rows.get(k) ?? null])),
    after: Object.fromEntries(changed.map((k) => [k, input.enabled])),
  });
  return { updated: changed.length };
}

/**
 * Initialises the permissions of every active company where the caller is an active administrator
 * (the current company included), each in its own tenant scope and audit trail.
 */
export async function initAllPermissions(c: ServiceCtx): Promise<{ companies: { companyId: number; companyName: string; added: number }[]; added: number }> {
  requireAdmin(c);
  const targets = await mq.listCompaniesAdministeredBy(c.tx, c.companyId, c.user.userId);
  const out: { companyId: number; companyName: string; added: number }[] = [];
  for (const company of targets) {
    const added = await mq.inOtherCompany(c.tx, c.companyId, company.id, async () => {
      const n = await initCompanyPermissions(c.tx, company.id, PERMISSION_KEYS);
      if (n > 0) {
        await writeAudit(
          c.tx,
          { companyId: company.id, actorUserId: c.user.userId, ip: c.ip, userAgent: c.userAgent },
          { action: 'companyPermission.allInit', entity: 'company_permission', entityId: company.id, after: { added: n, fromCompanyId: c.companyId } },
        );
      }
      return n;
    });
    out.push({ companyId: company.id, companyName: company.name, added });
  }
  return { companies: out, added: out.reduce((s, x) => s + x.added, 0) };
}
