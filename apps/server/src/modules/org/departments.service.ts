import type {
  DepartmentAdd,
  DepartmentDetail,
  DepartmentMerge,
  DepartmentMove,
  DepartmentOption,
  DepartmentTreeResult,
  DepartmentUpdate,
  OrgEmployeeOption,
  OrgEmployeeQuery,
} from '@wfsaas/contracts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import type { ServiceCtx } from '../../platform/http.ts';
import type { Executor } from '../../platform/db.ts';
import * as q from './departments.queries.ts';
import * as eq from './org-employees.queries.ts';
import { buildDepartmentTree, findNode } from './org-tree.ts';
import { moveEmployeesToDepartment } from '../employees/index.ts';

/** What the organisation services need of a request. */

export const MSG_MOVE_INTO_SELF = '不能移动到自身或其下级部门';
export const MSG_DELETE_NOT_EMPTY = '部门下还有员工或下级部门，不能删除';
export const MSG_DISABLE_NOT_EMPTY = '部门下还有在职员工，不能停用';
export const MSG_MERGE_INTO_SELF = '不能将部门合并到自身';
export const MSG_MERGE_INTO_DESCENDANT = '不能将部门合并到其下级部门';
export const MSG_PARENT_DISABLED = '上级部门已停用，请先启用上级部门';

const ACTIVE = 1;
const DISABLED = 0;
const DELETED = 9;

type Snapshot = { name: string; code: string | null; parentId: number | null; path: string; leaderEmployeeId: number | null; headcountPlan: number | null; sort: number; status: number };

function snapshotOf(d: q.DepartmentRow): Snapshot {
  return { name: d.name, code: d.code, parentId: d.parentId, path: d.path, leaderEmployeeId: d.leaderEmployeeId, headcountPlan: d.headcountPlan, sort: d.sort, status: d.status };
}

// ── look-ups other domains may use ──

/** A department of the company that is not deleted, or 404 `{label}不存在`. */
export async function requireDepartment(exec: Executor, companyId: number, id: number, label = '部门'): Promise<q.DepartmentWithLeader> {
  const d = await q.findDepartment(exec, companyId, id);
  if (!d) throw notFound(label);
  return d;
}

/** The ids of a department and every department below it (not deleted), for subtree filters. */
export async function listSubtreeDepartmentIds(exec: Executor, companyId: number, id: number): Promise<number[]> {
  const d = await q.findDepartment(exec, companyId, id);
  if (!d) return [];
  const all = await q.listDepartments(exec, companyId, { includeDisabled: true });
  return all.filter((x) => x.path.startsWith(d.path)).map((x) => x.id);
}

/** An active employee of the company, or 404 `{label}不存在`. */
export async function requireActiveEmployee(exec: Executor, companyId: number, id: number, label: string): Promise<eq.EmployeeRef> {
  const [e] = await eq.listActiveEmployeesByIds(exec, companyId, [id]);
  if (!e) throw notFound(label);
  return e;
}

// ── reads ──

export async function departmentTree(c: ServiceCtx, includeDisabled: boolean): Promise<DepartmentTreeResult> {
  const rows = await q.listDepartments(c.tx, c.companyId, { includeDisabled });
  const counts = await eq.countActiveByDepartment(c.tx, c.companyId);
  const built = buildDepartmentTree(rows, (id) => counts.get(id) ?? 0);
  return { ...built, unassignedActual: await eq.countActiveUnassigned(c.tx, c.companyId) };
}

/** Every department that is not deleted, flat, for selectors. */
export async function departmentOptions(c: ServiceCtx, includeDisabled: boolean): Promise<DepartmentOption[]> {
  const rows = await q.listDepartments(c.tx, c.companyId, { includeDisabled });
  return rows.map((d) => ({ id: d.id, parentId: d.parentId, name: d.name, code: d.code, path: d.path, status: d.status, sort: d.sort }));
}

export async function departmentDetail(c: ServiceCtx, id: number): Promise<DepartmentDetail> {
  const d = await requireDepartment(c.tx, c.companyId, id);
  const tree = await departmentTree(c, true);
  const node = findNode(tree.tree, id);
  const parent = d.parentId === null ? null : await q.findDepartment(c.tx, c.companyId, d.parentId);
  const children = await q.listChildren(c.tx, c.companyId, id);
  return {
    id: d.id,
    parentId: d.parentId,
    name: d.name,
    code: d.code,
    path: d.path,
    level: d.path.split('/').length - 2,
    leaderEmployeeId: d.leaderEmployeeId,
    leaderName: d.leaderName,
    headcountPlan: d.headcountPlan,
    sort: d.sort,
    status: d.status,
    ownActual: node?.ownActual ?? 0,
    subtreeActual: node?.subtreeActual ?? 0,
    subtreePlan: node?.subtreePlan ?? d.headcountPlan ?? 0,
    parentName: parent?.name ?? null,
    childCount: children.length,
    costCenter: await q.findCostCenterOfDepartment(c.tx, c.companyId, id),
    createdAt: d.createdAt.toISOString(),
    updatedAt: d.updatedAt.toISOString(),
  };
}

export async function employeeOptions(c: ServiceCtx, input: OrgEmployeeQuery): Promise<OrgEmployeeOption[]> {
  return eq.searchActiveEmployees(c.tx, c.companyId, input.keyword, input.limit);
}

// ── checks ──

async function assertUniqueCode(c: ServiceCtx, code: string | null | undefined, exceptId?: number): Promise<void> {
  if (!code) return;
  const other = await q.findDepartmentIdByCode(c.tx, c.companyId, code);
  if (other !== null && other !== exceptId) throw conflict(`部门编码「${code}」已存在`);
}

async function assertUniqueSiblingName(c: ServiceCtx, parentId: number | null, name: string, exceptId?: number): Promise<void> {
  if ((await q.findSiblingIdByName(c.tx, c.companyId, parentId, name, exceptId)) !== null) {
    throw conflict(`同一上级部门下已有名为「${name}」的部门`);
  }
}

async function checkLeader(c: ServiceCtx, id: number | null | undefined): Promise<void> {
  if (id) await requireActiveEmployee(c.tx, c.companyId, id, '负责人');
}

// ── writes ──

export async function addDepartment(c: ServiceCtx, input: DepartmentAdd): Promise<DepartmentDetail> {
  await q.lockTree(c.tx, c.companyId);
  const parentId = input.parentId ?? null;
  const parent = parentId === null ? null : await requireDepartment(c.tx, c.companyId, parentId, '上级部门');
  if (parent && parent.status !== ACTIVE) throw badRequest(MSG_PARENT_DISABLED);
  await assertUniqueSiblingName(c, parentId, input.name);
  await assertUniqueCode(c, input.code);
  await checkLeader(c, input.leaderEmployeeId);
  const row = await q.insertDepartment(c.tx, c.companyId, {
    parentId,
    parentPath: parent?.path ?? null,
    name: input.name,
    code: input.code ?? null,
    leaderEmployeeId: input.leaderEmployeeId ?? null,
    headcountPlan: input.headcountPlan ?? null,
    sort: await q.nextSort(c.tx, c.companyId, parentId),
  });
  await c.audit({ action: 'department.add', entity: 'department', entityId: row.id, after: snapshotOf(row) });
  return departmentDetail(c, row.id);
}

export async function updateDepartment(c: ServiceCtx, input: DepartmentUpdate): Promise<DepartmentDetail> {
  const before = await requireDepartment(c.tx, c.companyId, input.id);
  const patch: q.DepartmentPatch = {};
  if (input.name !== undefined && input.name !== before.name) {
    await assertUniqueSiblingName(c, before.parentId, input.name, before.id);
    patch.name = input.name;
  }
  if (input.code !== undefined && (input.code ?? null) !== before.code) {
    await assertUniqueCode(c, input.code, before.id);
    patch.code = input.code ?? null;
  }
  if (input.leaderEmployeeId !== undefined && (input.leaderEmployeeId ?? null) !== before.leaderEmployeeId) {
    await checkLeader(c, input.leaderEmployeeId);
    patch.leaderEmployeeId = input.leaderEmployeeId ?? null;
  }
  if (input.headcountPlan !== undefined && (input.headcountPlan ?? null) !== before.headcountPlan) patch.headcountPlan = input.headcountPlan ?? null;
  if (Object.keys(patch).length > 0) {
    await q.updateDepartment(c.tx, c.companyId, before.id, patch);
    const beforeFields = Object.fromEntries(Object.keys(patch).map((k) => [k, before[k as keyof q.DepartmentPatch]]));
    await c.audit({ action: 'department.update', entity: 'department', entityId: before.id, before: beforeFields, after: patch });
  }
  return departmentDetail(c, before.id);
}

/**
 * Moves a department (with its subtree) under another parent (null: the top level) at a position
 * among the new siblings; the siblings are renumbered 0, 1, 2 … and the subtree's paths are
 * rewritten in one statement.
 */
export async function moveDepartment(c: ServiceCtx, input: DepartmentMove): Promise<DepartmentDetail> {
  await q.lockTree(c.tx, c.companyId);
  const node = await requireDepartment(c.tx, c.companyId, input.id);
  const parentId = input.parentId ?? null;
  const parent = parentId === null ? null : await requireDepartment(c.tx, c.companyId, parentId, '上级部门');
  if (parent && (parent.id === node.id || parent.path.startsWith(node.path))) throw badRequest(MSG_MOVE_INTO_SELF);
  if (parent && parent.status !== ACTIVE && node.status === ACTIVE) throw badRequest(MSG_PARENT_DISABLED);
  if (parentId !== node.parentId) await assertUniqueSiblingName(c, parentId, node.name, node.id);

  const newPath = `${parent?.path ?? '/'}${node.id}/`;
  let moved = 0;
  if (newPath !== node.path) {
    moved = await q.rewriteSubtreePaths(c.tx, c.companyId, node.path, newPath);
    await q.updateDepartment(c.tx, c.companyId, node.id, { parentId });
  }
  const siblings = (await q.listChildren(c.tx, c.companyId, parentId)).filter((s) => s.id !== node.id).map((s) => s.id);
  const at = Math.min(input.sort, siblings.length);
  const ordered = [...siblings.slice(0, at), node.id, ...siblings.slice(at)];
  await q.renumberSorts(c.tx, c.companyId, ordered);
  await c.audit({
    action: 'department.move',
    entity: 'department',
    entityId: node.id,
    before: { parentId: node.parentId, path: node.path, sort: node.sort },
    after: { parentId, path: newPath, sort: at, subtreeSize: moved },
  });
  return departmentDetail(c, node.id);
}

/**
 * Merges one department into another: the source's sub-departments, employees and positions move
 * to the target, its planned headcount is added to the target's, its cost-centre link is dropped
 * and it is archived.
 */
export async function mergeDepartments(c: ServiceCtx, input: DepartmentMerge): Promise<DepartmentDetail> {
  await q.lockTree(c.tx, c.companyId);
  if (input.sourceId === input.targetId) throw badRequest(MSG_MERGE_INTO_SELF);
  const source = await requireDepartment(c.tx, c.companyId, input.sourceId, '被合并部门');
  const target = await requireDepartment(c.tx, c.companyId, input.targetId, '目标部门');
  if (target.path.startsWith(source.path)) throw badRequest(MSG_MERGE_INTO_DESCENDANT);
  if (target.status !== ACTIVE) throw badRequest('目标部门已停用，请先启用');

  const children = await q.listChildren(c.tx, c.companyId, source.id);
  const targetChildren = new Set((await q.listChildren(c.tx, c.companyId, target.id)).map((d) => d.name));
  const clash = children.find((ch) => targetChildren.has(ch.name));
  if (clash) throw conflict(`目标部门下已有名为「${clash.name}」的部门`);

  await q.rewriteSubtreePaths(c.tx, c.companyId, source.path, target.path, true);
  const movedChildIds = await q.reparentChildren(c.tx, c.companyId, source.id, target.id);
  if (movedChildIds.length > 0) {
    const order = [...(await q.listChildren(c.tx, c.companyId, target.id)).filter((d) => !movedChildIds.includes(d.id)).map((d) => d.id), ...children.map((d) => d.id)];
    await q.renumberSorts(c.tx, c.companyId, order);
  }
  const movedEmployeeIds = await moveEmployeesToDepartment(c.tx, c.companyId, source.id, target.id);
  const movedPositionIds = await q.movePositionsOfDepartment(c.tx, c.companyId, source.id, target.id);
  const plan = source.headcountPlan === null && target.headcountPlan === null ? null : (source.headcountPlan ?? 0) + (target.headcountPlan ?? 0);
  if (plan !== target.headcountPlan) await q.updateDepartment(c.tx, c.companyId, target.id, { headcountPlan: plan });
  const costCenterId = await q.removeCostCenterMapping(c.tx, c.companyId, source.id);
  await q.updateDepartment(c.tx, c.companyId, source.id, { status: DELETED });
  await c.audit({
    action: 'department.merge',
    entity: 'department',
    entityId: source.id,
    before: { source: snapshotOf(source), target: snapshotOf(target), costCenterId },
    after: { targetId: target.id, sourceStatus: DELETED, targetHeadcountPlan: plan, movedChildIds, movedEmployeeIds, movedPositionIds },
  });
  return departmentDetail(c, target.id);
}

/** Disables a department and every department below it; refused while any of them has active employees. */
export async function disableDepartment(c: ServiceCtx, id: number): Promise<DepartmentDetail> {
  await q.lockTree(c.tx, c.companyId);
  const d = await requireDepartment(c.tx, c.companyId, id);
  if (d.status === ACTIVE) {
    if ((await eq.countActiveInSubtree(c.tx, c.companyId, d.path)) > 0) throw badRequest(MSG_DISABLE_NOT_EMPTY);
    const ids = await q.setSubtreeStatus(c.tx, c.companyId, d.path, ACTIVE, DISABLED);
    await c.audit({ action: 'department.disable', entity: 'department', entityId: id, before: { status: ACTIVE, ids }, after: { status: DISABLED, ids } });
  }
  return departmentDetail(c, id);
}

/** Enables a disabled department and the disabled departments below it; its parent must be active. */
export async function enableDepartment(c: ServiceCtx, id: number): Promise<DepartmentDetail> {
  await q.lockTree(c.tx, c.companyId);
  const d = await requireDepartment(c.tx, c.companyId, id);
  if (d.status === DISABLED) {
    if (d.parentId !== null) {
      const parent = await q.findDepartment(c.tx, c.companyId, d.parentId);
      if (parent && parent.status !== ACTIVE) throw badRequest(MSG_PARENT_DISABLED);
    }
    const ids = await q.setSubtreeStatus(c.tx, c.companyId, d.path, DISABLED, ACTIVE);
    await c.audit({ action: 'department.enable', entity: 'department', entityId: id, before: { status: DISABLED, ids }, after: { status: ACTIVE, ids } });
  }
  return departmentDetail(c, id);
}

/**
 * Deletes (archives, status 9) a department with no active employees in its subtree and no
 * sub-departments left. Its cost-centre link is dropped and its own positions are archived with it.
 */
export async function deleteDepartment(c: ServiceCtx, id: number): Promise<{ id: number }> {
  await q.lockTree(c.tx, c.companyId);
  const d = await requireDepartment(c.tx, c.companyId, id);
  if ((await q.countDescendants(c.tx, c.companyId, d.path)) > 0 || (await eq.countActiveInSubtree(c.tx, c.companyId, d.path)) > 0) {
    throw badRequest(MSG_DELETE_NOT_EMPTY);
  }
  const costCenterId = await q.removeCostCenterMapping(c.tx, c.companyId, id);
  const archivedPositionIds = await q.archivePositionsOfDepartment(c.tx, c.companyId, id);
  await q.updateDepartment(c.tx, c.companyId, id, { status: DELETED });
  await c.audit({
    action: 'department.delete',
    entity: 'department',
    entityId: id,
    before: { ...snapshotOf(d), costCenterId },
    after: { status: DELETED, archivedPositionIds },
  });
  return { id };
}
