import {
  COMPANY_INFO_FIELDS,
  THREE_INIT_AUTH_STATUS,
  THREE_INIT_AUTH_STATUS_NAMES,
  type CompanyInfoField,
  type ThreeInitAuthCompanyInfo,
  type ThreeInitAuthDepartment,
  type ThreeInitAuthItem,
  type ThreeInitAuthPageInput,
  type ThreeInitAuthSeal,
} from '@wfsaas/contracts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { Paged, type ServiceCtx } from '../../platform/http.ts';
import { requireOwnTargets } from './guards.ts';
import * as mq from './members.queries.ts';
import * as q from './three-init-auth.queries.ts';

/**
 * Three-party initial authorisation: this company lets a partner company (an outsourcing or agency
 * partner registered in the system) act on some of its departments, seals and company information.
 * One live authorisation per partner: saving a scope without an id updates the live one or creates it.
 * Status: 1 authorised → 2 cancelled → 9 deleted (archived).
 */

const { authorised, cancelled, deleted } = THREE_INIT_AUTH_STATUS;

function normaliseConfig(config: Partial<Record<CompanyInfoField, boolean | undefined>> | Record<string, boolean>): Record<CompanyInfoField, boolean> {
  const source = config as Record<string, boolean | undefined>;
  return Object.fromEntries(COMPANY_INFO_FIELDS.map((f) => [f.key, source[f.key] === true])) as Record<CompanyInfoField, boolean>;
}

function toItem(r: q.ThreeInitAuthRow, partyCompanyName: string | null): ThreeInitAuthItem {
  return {
    id: r.id,
    partyCompanyId: r.partyCompanyId,
    partyCompanyName,
    departmentIds: r.departmentIds,
    sealIds: r.sealIds,
    companyInfoConfig: normaliseConfig(r.companyInfoConfig),
    status: r.status,
    statusName: THREE_INIT_AUTH_STATUS_NAMES[r.status] ?? String(r.status),
    syncedAt: r.syncedAt ? r.syncedAt.toISOString() : null,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

function auditView(r: q.ThreeInitAuthRow) {
  return {
    partyCompanyId: r.partyCompanyId,
    departmentIds: r.departmentIds,
    sealIds: r.sealIds,
    companyInfoConfig: normaliseConfig(r.companyInfoConfig),
    status: r.status,
    syncedAt: r.syncedAt ? r.syncedAt.toISOString() : null,
  };
}

export async function pageThreeInitAuth(c: ServiceCtx, input: ThreeInitAuthPageInput): Promise<Paged<ThreeInitAuthItem>> {
  const { rows, total } = await q.listThreeInitAuthPage(c.tx, c.companyId, {
    status: input.status,
    partyCompanyId: input.partyCompanyId,
    offset: (input.pageNum - 1) * input.pageSize,
    limit: input.pageSize,
  });
  return new Paged(
    rows.map((r) => toItem(r, r.partyCompanyName)),
    input.pageNum,
    input.pageSize,
    total,
  );
}

async function requireRecord(c: ServiceCtx, id: number): Promise<q.ThreeInitAuthRow> {
  const row = await q.findThreeInitAuth(c.tx, c.companyId, id);
  if (!row) throw notFound('授权记录');
  return row;
}

export async function getThreeInitAuth(c: ServiceCtx, id: number): Promise<ThreeInitAuthItem> {
  const row = await requireRecord(c, id);
  const party = await mq.findActiveCompany(c.tx, row.partyCompanyId);
  return toItem(row, party?.name ?? null);
}

/** Creates or updates one part of the scope granted to a partner. */
async function saveScope(c: ServiceCtx, input: { id?: number | null; partyCompanyId: number }, scope: q.ThreeInitAuthScope, part: string): Promise<ThreeInitAuthItem> {
  let existing: q.ThreeInitAuthRow | null = null;
  if (input.id) {
    existing = await requireRecord(c, input.id);
    if (existing.status !== authorised) throw badRequest('该授权已取消，不能修改，请重新授权');
    if (existing.partyCompanyId !== input.partyCompanyId) throw badRequest('不能更改授权对象公司，请为新的公司另行授权');
  }
  if (input.partyCompanyId === c.companyId) throw badRequest('不能授权给本公司');
  const party = await mq.findActiveCompany(c.tx, input.partyCompanyId);
  if (!party) throw notFound('授权对象公司');
  existing ??= await q.findLiveThreeInitAuthOfParty(c.tx, c.companyId, input.partyCompanyId);
  if (existing) {
    const after = await q.updateThreeInitAuth(c.tx, c.companyId, existing.id, scope);
    await c.audit({ action: `threeInitAuth.${part}`, entity: 'three_init_auth', entityId: after.id, before: auditView(existing), after: auditView(after) });
    return toItem(after, party.name);
  }
  const created = await q.insertThreeInitAuth(c.tx, c.companyId, { partyCompanyId: input.partyCompanyId, createdBy: c.user.userId, ...scope });
  await c.audit({ action: `threeInitAuth.${part}`, entity: 'three_init_auth', entityId: created.id, after: auditView(created) });
  return toItem(created, party.name);
}

export async function saveDepartmentScope(c: ServiceCtx, input: ThreeInitAuthDepartment): Promise<ThreeInitAuthItem> {
  return saveScope(c, input, { departmentIds: await requireOwnTargets(c, 'department', input.departmentIds) }, 'department');
}

export async function saveSealScope(c: ServiceCtx, input: ThreeInitAuthSeal): Promise<ThreeInitAuthItem> {
  return saveScope(c, input, { sealIds: await requireOwnTargets(c, 'seal', input.sealIds) }, 'seal');
}

export async function saveCompanyInfoScope(c: ServiceCtx, input: ThreeInitAuthCompanyInfo): Promise<ThreeInitAuthItem> {
  return saveScope(c, input, { companyInfoConfig: normaliseConfig(input.config) }, 'companyInfoConfig');
}

async function transition(c: ServiceCtx, id: number, action: string, patch: { status?: number; syncedAt?: Date }): Promise<ThreeInitAuthItem> {
  const before = await requireRecord(c, id);
  const after = await q.updateThreeInitAuth(c.tx, c.companyId, id, patch);
  await c.audit({ action: `threeInitAuth.${action}`, entity: 'three_init_auth', entityId: id, before: auditView(before), after: auditView(after) });
  const party = await mq.findActiveCompany(c.tx, after.partyCompanyId);
  return toItem(after, party?.name ?? null);
}

export async function cancelThreeInitAuth(c: ServiceCtx, id: number): Promise<ThreeInitAuthItem> {
  const row = await requireRecord(c, id);
  if (row.status !== authorised) throw badRequest('该授权已取消');
  return transition(c, id, 'cancel', { status: cancelled });
}

export async function deleteThreeInitAuth(c: ServiceCtx, id: number): Promise<{ id: number; status: number }> {
  const row = await requireRecord(c, id);
  if (row.status !== cancelled) throw badRequest('请先取消授权再删除');
  await transition(c, id, 'delete', { status: deleted });
  return { id, status: deleted };
}

/** Marks the authorisation as pushed to the partner now. Only live authorisations are synchronised. */
export async function syncThreeInitAuth(c: ServiceCtx, id: number): Promise<ThreeInitAuthItem> {
  const row = await requireRecord(c, id);
  if (row.status !== authorised) throw badRequest('仅已授权的记录可以同步');
  return transition(c, id, 'sync', { syncedAt: new Date() });
}
