import type { DataPermissionDetail, DataPermissionKind, DataPermissionSave } from '@wfsaas/contracts';
import * as aq from './access.queries.ts';
import { requireActiveRole, requireOwnTargets } from './guards.ts';
import type { ServiceCtx } from '../../platform/http.ts';

/**
 * Data permissions limit a role to some departments ('dept') or seals ('seal'), which must be live
 * records of the company.
 */

function toDetail(roleId: number, kind: DataPermissionKind, row: aq.DataPermissionRow | null): DataPermissionDetail {
  return {
    roleId,
    kind,
    configured: row !== null,
    allTargets: row?.allTargets ?? false,
    targetIds: row?.targetIds ?? [],
    updatedAt: row ? row.updatedAt.toISOString() : null,
  };
}

export async function getDataPermission(c: ServiceCtx, kind: DataPermissionKind, roleId: number): Promise<DataPermissionDetail> {
  await requireActiveRole(c, roleId);
  return toDetail(roleId, kind, await aq.findDataPermission(c.tx, c.companyId, roleId, kind));
}

export async function saveDataPermission(c: ServiceCtx, kind: DataPermissionKind, input: DataPermissionSave): Promise<DataPermissionDetail> {
  await requireActiveRole(c, input.roleId);
  const before = await aq.findDataPermission(c.tx, c.companyId, input.roleId, kind);
  const targetIds = input.allTargets ? [] : await requireOwnTargets(c, kind === 'dept' ? 'department' : 'seal', input.targetIds);
  const row = await aq.upsertDataPermission(c.tx, c.companyId, { roleId: input.roleId, kind, allTargets: input.allTargets, targetIds });
  await c.audit({
    action: `dataPermission.${kind}.save`,
    entity: 'role',
    entityId: input.roleId,
    before: before ? { kind, allTargets: before.allTargets, targetIds: before.targetIds } : null,
    after: { kind, allTargets: row.allTargets, targetIds: row.targetIds },
  });
  return toDetail(input.roleId, kind, row);
}
