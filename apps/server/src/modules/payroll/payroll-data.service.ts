import {
  RUN_STATUS,
  type BaseDataView,
  type DataGroupList,
  type DataKind,
  type RunDataSources,
  type RunInputRowView,
  type RunInputsPage,
  type RunPullResult,
} from '@wfsaas/contracts';
import { PayrollDecimal } from '@wfsaas/payroll';
import type { StoredInputSource } from '../../db/schema/payroll.ts';
import { chinaMonth } from '../../platform/china-date.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { Paged, type ServiceCtx } from '../../platform/http.ts';
import { monthBounds } from './payroll-calendar.ts';
import * as dq from './payroll-data.queries.ts';
import { importableItems } from './payroll-pay.ts';
import { loadRun, MSG_RUN_LOCKED, MSG_RUN_SUBMITTED } from './payroll-runs.service.ts';
import { resolveMembers } from './payroll-setup.service.ts';
import * as q from './payroll.queries.ts';

/** 共享数据 for runs: the groups' tables, a run's sources and pull, its imported values, and base data. */

const inputItemsOf = (config: q.GroupRow['config']) => importableItems(config);

export async function groupList(c: ServiceCtx): Promise<DataGroupList> {
  const groups = await q.listGroups(c.tx, c.companyId);
  const links = await dq.listLinks(c.tx, c.companyId);
  const tables = await dq.listTables(c.tx, c.companyId);
  return {
    groups: groups.map((g) => {
      const inputs = inputItemsOf(g.config);
      const set = new Set(inputs);
      return {
        groupId: g.id,
        groupName: g.name,
        inputItems: inputs,
        tables: links
          .filter((l) => l.groupId === g.id)
          .map((l) => ({
            tableId: l.table.id,
            name: l.table.name,
            kind: l.table.kind as DataKind,
            category: l.table.category,
            matched: l.table.columns.filter((col) => set.has(col.item)),
            unmatched: l.table.columns.filter((col) => !set.has(col.item)),
          })),
      };
    }),
    tables: tables.map((r) => ({ id: r.table.id, name: r.table.name, kind: r.table.kind as DataKind, category: r.table.category })),
  };
}

export async function saveGroupTables(c: ServiceCtx, input: { groupId: number; tableIds: number[] }): Promise<DataGroupList> {
  const group = await q.findGroup(c.tx, c.companyId, input.groupId);
  if (!group) throw notFound('薪资组');
  const ids = [...new Set(input.tableIds)];
  for (const id of ids) if (!(await dq.findTable(c.tx, c.companyId, id))) throw notFound('数据表');
  const before = (await dq.listLinks(c.tx, c.companyId, group.id)).map((l) => l.table.id);
  await dq.replaceLinks(c.tx, c.companyId, group.id, ids, c.user.userId);
  await c.audit({ action: 'payroll.data.group.save', entity: 'payroll_group', entityId: group.id, before: { tableIds: before }, after: { tableIds: ids } });
  return groupList(c);
}

// ── runs ──

export async function runSources(c: ServiceCtx, runId: number): Promise<RunDataSources> {
  const { run } = await loadRun(c, runId);
  const links = await dq.listLinks(c.tx, c.companyId, run.groupId);
  const tables: RunDataSources['tables'] = [];
  for (const l of links) {
    const b = await dq.findValidBatch(c.tx, c.companyId, l.table.id, run.month);
    tables.push({
      tableId: l.table.id,
      tableName: l.table.name,
      kind: l.table.kind as DataKind,
      batch: b ? { id: b.id, origin: b.origin, rowCount: b.rowCount, matchedCount: b.matchedCount, errorCount: b.errorCount, createdAt: b.createdAt.toISOString() } : null,
    });
  }
  return { runId: run.id, month: run.month, tables };
}

/**
 * Takes the month's valid batch of every table linked to the run's group into the run's inputs: rows
 * matched to members of the run and free of errors, the columns that feed an input item of the
 * group. Each value records its table and batch.
 */
export async function pullData(c: ServiceCtx, runId: number): Promise<RunPullResult> {
  const { run, group } = await loadRun(c, runId);
  await q.lockRun(c.tx, c.companyId, run.id);
  if (run.status === RUN_STATUS.locked) throw badRequest(MSG_RUN_LOCKED);
  if (run.status === RUN_STATUS.submitted) throw badRequest(MSG_RUN_SUBMITTED);
  if (run.status === RUN_STATUS.calculating) throw badRequest('薪资正在计算中，请稍后再试');
  const links = await dq.listLinks(c.tx, c.companyId, run.groupId);
  if (links.length === 0) throw badRequest(`薪资组「${group.name}」没有关联数据表，请先在数据组维护中关联`);
  const inputs = new Set(inputItemsOf(group.config));
  const members = new Set((await resolveMembers(c.tx, c.companyId, group.config, run.month)).map((m) => m.id));
  const merged = new Map<number, { values: Record<string, string>; sources: Record<string, StoredInputSource> }>();
  const tables: RunPullResult['tables'] = [];
  for (const { table } of links) {
    const batch = await dq.findValidBatch(c.tx, c.companyId, table.id, run.month);
    if (!batch) {
      tables.push({ tableId: table.id, tableName: table.name, batchId: null, applied: 0, notMembers: 0, errors: 0 });
      continue;
    }
    const feeds = table.columns.filter((col) => inputs.has(col.item));
    const source: StoredInputSource = { kind: 'table', tableId: table.id, tableName: table.name, batchId: batch.id };
    let applied = 0;
    let notMembers = 0;
    for (const row of await dq.listGoodRows(c.tx, c.companyId, batch.id)) {
      const employeeId = Number(row.employeeId);
      if (!members.has(employeeId)) {
        notMembers += 1;
        continue;
      }
      const entry = merged.get(employeeId) ?? { values: {}, sources: {} };
      let any = false;
      for (const col of feeds) {
        const v = row.values[col.column];
        if (v === undefined) continue;
        entry.values[col.item] = v;
        entry.sources[col.item] = source;
        any = true;
      }
      if (any) {
        merged.set(employeeId, entry);
        applied += 1;
      }
    }
    tables.push({ tableId: table.id, tableName: table.name, batchId: batch.id, applied, notMembers, errors: batch.errorCount });
  }
  if (tables.every((t) => t.batchId === null)) throw badRequest(`关联的数据表都没有${run.month}的有效数据，请先导入或推送本月数据`);
  const rows = [...merged].map(([employeeId, v]) => ({ employeeId, ...v }));
  await dq.mergeInputsWithSources(c.tx, c.companyId, run.id, rows);
  if (rows.length > 0 && run.status !== RUN_STATUS.awaitingCalculation) await q.updateRun(c.tx, c.companyId, run.id, { status: RUN_STATUS.awaitingCalculation });
  await c.audit({ action: 'payroll.run.pullData', entity: 'payroll_run', entityId: run.id, after: { employees: rows.length, tables: tables.map((t) => ({ tableId: t.tableId, batchId: t.batchId, applied: t.applied })) } });
  return { tables, employees: rows.length };
}

/** The run's input data per member with each value's source, a page at a time. */
export async function runInputs(c: ServiceCtx, f: { runId: number; keyword?: string; pageNum: number; pageSize: number }): Promise<RunInputsPage & { pageMessage: unknown }> {
  const { run, group } = await loadRun(c, f.runId);
  const config = run.status >= RUN_STATUS.locked && run.config ? run.config : group.config;
  let members = await resolveMembers(c.tx, c.companyId, config, run.month);
  const k = f.keyword?.toLowerCase();
  if (k) members = members.filter((m) => m.name.toLowerCase().includes(k) || (m.employeeNo ?? '').toLowerCase().includes(k));
  const slice = members.slice((f.pageNum - 1) * f.pageSize, f.pageNum * f.pageSize);
  const inputs = new Map((await dq.listInputsWithSources(c.tx, c.companyId, run.id, slice.map((m) => m.id))).map((r) => [Number(r.employeeId), r]));
  const list: RunInputRowView[] = slice.map((m) => {
    const own = inputs.get(m.id);
    return { employeeId: m.id, name: m.name, employeeNo: m.employeeNo, departmentName: m.departmentName, values: own?.values ?? {}, sources: own?.sources ?? {} };
  });
  const page = new Paged(list, f.pageNum, f.pageSize, members.length);
  return { items: inputItemsOf(config), list: page.list, pageMessage: page.pageMessage };
}

// ── base data ──

export async function basePage(c: ServiceCtx, f: { keyword?: string; departmentId?: number; month?: string; pageNum: number; pageSize: number }): Promise<Paged<BaseDataView>> {
  const month = f.month ?? chinaMonth();
  const { first, last } = monthBounds(month);
  let departmentPath: string | undefined;
  if (f.departmentId) {
    const path = await dq.findDepartmentPath(c.tx, c.companyId, f.departmentId);
    if (!path) throw notFound('部门');
    departmentPath = path;
  }
  const { rows, total } = await dq.pageBaseEmployees(c.tx, c.companyId, { keyword: f.keyword, departmentPath, first, last }, f.pageNum, f.pageSize);
  const ids = rows.map((r) => Number(r.id));
  const profiles = new Map((await q.listTaxProfiles(c.tx, c.companyId, Number(month.slice(0, 4)), ids)).map((p) => [Number(p.profile.employeeId), p.profile]));
  const groupsOf = new Map<number, string[]>();
  for (const g of await q.listGroups(c.tx, c.companyId)) {
    for (const m of await resolveMembers(c.tx, c.companyId, g.config, month)) if (ids.includes(m.id)) groupsOf.set(m.id, [...(groupsOf.get(m.id) ?? []), g.name]);
  }
  const list: BaseDataView[] = rows.map((r) => {
    const id = Number(r.id);
    const p = profiles.get(id);
    const total = Object.values(p?.deductions ?? {}).reduce((sum, v) => sum.plus(v || '0'), new PayrollDecimal(0));
    return {
      employeeId: id,
      employeeNo: r.employeeNo,
      name: r.name,
      departmentName: r.departmentName,
      salary: r.salary === null ? null : new PayrollDecimal(r.salary).toFixed(2),
      bankName: r.bankName,
      bankAccountMasked: r.bankAccountMasked,
      firstJobOfYear: p?.firstJobOfYear ?? false,
      previousYearLowIncome: p?.previousYearLowIncome ?? false,
      deductionTotal: total.toFixed(2),
      groups: groupsOf.get(id) ?? [],
    };
  });
  return new Paged(list, f.pageNum, f.pageSize, total);
}
