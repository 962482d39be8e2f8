import type { DepartmentSnapshotEntry, DepartmentVersionItem, DepartmentVersionPageInput, DepartmentVersionSave, DepartmentVersionTree } from '@wfsaas/contracts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { Paged, type ServiceCtx } from '../../platform/http.ts';
import * as q from './departments.queries.ts';
import * as eq from './org-employees.queries.ts';
import { buildDepartmentTree } from './org-tree.ts';

export const MSG_NO_VERSION_BEFORE = '该日期之前没有组织架构版本';

function toItem(v: q.DepartmentVersionSummary): DepartmentVersionItem {
  return { id: v.id, name: v.name, effectiveDate: v.effectiveDate, departmentCount: v.departmentCount, createdBy: v.createdBy, createdAt: v.createdAt.toISOString() };
}

function snapshotEntries(raw: unknown): DepartmentSnapshotEntry[] {
  return Array.isArray(raw) ? (raw as DepartmentSnapshotEntry[]) : [];
}

/**
 * The tree a version keeps: its active departments as they were, with the headcounts counted when
 * it was saved.
 */
function versionTree(v: q.DepartmentVersionRow): DepartmentVersionTree {
  const entries = snapshotEntries(v.snapshot).filter((e) => e.status === 1);
  const actual = new Map(entries.map((e) => [e.id, e.actual]));
  const built = buildDepartmentTree(entries, (id) => actual.get(id) ?? 0);
  return { version: toItem({ ...v, departmentCount: snapshotEntries(v.snapshot).length }), ...built };
}

/** Saves the current tree (every department not deleted, with leaders and headcounts) as a version. */
export async function saveVersion(c: ServiceCtx, input: DepartmentVersionSave): Promise<DepartmentVersionItem> {
  const rows = await q.listDepartments(c.tx, c.companyId, { includeDisabled: true });
  if (rows.length === 0) throw badRequest('还没有部门，不能保存组织架构版本');
  const counts = await eq.countActiveByDepartment(c.tx, c.companyId);
  const snapshot: DepartmentSnapshotEntry[] = rows.map((d) => ({
    id: d.id,
    parentId: d.parentId,
    name: d.name,
    code: d.code,
    leaderEmployeeId: d.leaderEmployeeId,
    leaderName: d.leaderName,
    headcountPlan: d.headcountPlan,
    sort: d.sort,
    status: d.status,
    actual: counts.get(d.id) ?? 0,
  }));
  const row = await q.insertVersion(c.tx, { companyId: c.companyId, name: input.name, effectiveDate: input.effectiveDate, snapshot, createdBy: c.user.userId });
  await c.audit({
    action: 'departmentVersion.save',
    entity: 'departmentVersion',
    entityId: row.id,
    after: { name: row.name, effectiveDate: row.effectiveDate, departmentCount: snapshot.length },
  });
  return toItem({ ...row, departmentCount: snapshot.length });
}

export async function pageVersions(c: ServiceCtx, input: DepartmentVersionPageInput): Promise<Paged<DepartmentVersionItem>> {
  const { rows, total } = await q.listVersionsPage(c.tx, c.companyId, (input.pageNum - 1) * input.pageSize, input.pageSize);
  return new Paged(rows.map(toItem), input.pageNum, input.pageSize, total);
}

export async function versionDetail(c: ServiceCtx, id: number): Promise<DepartmentVersionTree> {
  const v = await q.findVersion(c.tx, c.companyId, id);
  if (!v) throw notFound('组织架构版本');
  return versionTree(v);
}

/** The organisation as of a day: the latest version whose effective date is not after it. */
export async function treeAsOf(c: ServiceCtx, day: string): Promise<DepartmentVersionTree> {
  const v = await q.findVersionAsOf(c.tx, c.companyId, day);
  if (!v) throw badRequest(MSG_NO_VERSION_BEFORE);
  return versionTree(v);
}
