import {
  DATA_BATCH_STATUS,
  DATA_BATCH_STATUSES,
  DATA_PUSH_MAX_ROWS,
  maskId,
  matchKeyLabel,
  normalizeIdNumber,
  RUN_STATUS,
  type BaseDataView,
  type DataBatchRowsPage,
  type DataBatchView,
  type DataGroupList,
  type DataKind,
  type DataMatchKey,
  type DataPush,
  type DataPushResult,
  type DataTableSave,
  type DataTableView,
  type DataUploadResult,
  type RunDataSources,
  type RunInputRowView,
  type RunInputsPage,
  type RunPullResult,
} from '@wfsaas/contracts';
import { PayrollDecimal } from '@wfsaas/payroll';
import ExcelJS from 'exceljs';
import type { StoredDataColumn, StoredInputSource } from '../../db/schema/payroll.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { Paged, type TenantCtx } from '../../platform/http.ts';
import type { AppServices } from '../../platform/services.ts';
import { monthBounds } from './payroll-calendar.ts';
import * as dq from './payroll-data.queries.ts';
import type { ParsedDataSheet } from './payroll-import.ts';
import { importableItems } from './payroll-pay.ts';
import { loadRun, MSG_RUN_LOCKED, MSG_RUN_SUBMITTED } from './payroll-runs.service.ts';
import { resolveMembers } from './payroll-setup.service.ts';
import * as q from './payroll.queries.ts';

type Ctx = TenantCtx<unknown>;

const NUMBER = /^-?\d+(\.\d+)?$/;
const KEY_HEADERS: Record<DataMatchKey, string[]> = { employeeNo: ['工号'], idNumber: ['证件号码', '身份证号', '身份证号码'] };
const RESERVED = new Set(['工号', '证件号码', '身份证号', '身份证号码', '姓名']);

const inputItemsOf = (config: q.GroupRow['config']) => importableItems(config);
const chinaMonth = () => new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 7);

// ── tables ──

function tableView(t: dq.DataTableRow, batchCount: number, latestMonth: string | null): DataTableView {
  return {
    id: t.id,
    name: t.name,
    kind: t.kind as DataKind,
    category: t.category,
    matchKey: t.matchKey as DataMatchKey,
    columns: t.columns,
    source: t.source,
    batchCount: Number(batchCount),
    latestMonth,
    updatedAt: t.updatedAt.toISOString(),
  };
}

/** A live table of the kind, or 404. */
async function requireTable(c: Ctx, kind: number, id: number): Promise<dq.DataTableRow> {
  const t = await dq.findTable(c.tx, c.companyId, id);
  if (!t || t.kind !== kind) throw notFound('数据表');
  return t;
}

export async function listTables(c: Ctx, kind: number, keyword?: string): Promise<DataTableView[]> {
  const rows = await dq.listTables(c.tx, c.companyId, kind, keyword);
  return rows.map((r) => tableView(r.table, r.batchCount, r.latestMonth));
}

export async function tableDetail(c: Ctx, kind: number, id: number): Promise<DataTableView> {
  const t = await requireTable(c, kind, id);
  const row = (await dq.listTables(c.tx, c.companyId, kind)).find((r) => r.table.id === t.id)!;
  return tableView(t, row.batchCount, row.latestMonth);
}

/** Checks the columns of a table: headers and items unique, no header that is the key or the name. */
export function checkColumns(columns: StoredDataColumn[]): void {
  const headers = new Set<string>();
  const items = new Set<string>();
  for (const col of columns) {
    if (RESERVED.has(col.column)) throw badRequest(`数据列：「${col.column}」用于匹配员工，不能作为数据列`);
    if (headers.has(col.column)) throw badRequest(`数据列：表头名称「${col.column}」重复`);
    if (items.has(col.item)) throw badRequest(`数据列：工资项「${col.item}」对应了多列，一个工资项只能对应一列`);
    headers.add(col.column);
    items.add(col.item);
  }
}

export async function saveTable(c: Ctx, kind: number, input: DataTableSave): Promise<DataTableView> {
  const columns = input.columns.map((col) => ({ column: col.column.replace(/\s+/g, ''), item: col.item.trim() }));
  checkColumns(columns);
  const source = kind === 1 ? '' : input.source;
  if (kind !== 1 && !source) throw badRequest('数据来源：请填写推送数据的来源系统（如考勤机、OA系统）');
  const same = await dq.findTableByName(c.tx, c.companyId, input.name);
  if (same && same.id !== input.id) throw badRequest(`数据表名称「${input.name}」已存在`);
  const values = { name: input.name, category: input.category, matchKey: input.matchKey, columns, source, updatedBy: c.user.userId };
  let row: dq.DataTableRow;
  if (input.id) {
    const before = await requireTable(c, kind, input.id);
    row = await dq.updateTable(c.tx, c.companyId, before.id, values);
    await c.audit({ action: 'payroll.data.table.update', entity: 'payroll_data_table', entityId: row.id, before: { name: before.name, columns: before.columns, matchKey: before.matchKey }, after: values });
  } else {
    row = await dq.insertTable(c.tx, { companyId: c.companyId, kind, createdBy: c.user.userId, ...values });
    await c.audit({ action: 'payroll.data.table.create', entity: 'payroll_data_table', entityId: row.id, after: { kind, ...values } });
  }
  return tableDetail(c, kind, row.id);
}

/** Deletes a table without batches; a table with batches is archived (its batches stay on record). */
export async function removeTable(c: Ctx, kind: number, id: number): Promise<{ archived: boolean }> {
  const t = await requireTable(c, kind, id);
  const batches = await dq.countBatchesOfTable(c.tx, c.companyId, t.id);
  if (batches > 0) {
    await dq.updateTable(c.tx, c.companyId, t.id, { archivedAt: new Date(), updatedBy: c.user.userId });
    await dq.unlinkTable(c.tx, c.companyId, t.id);
  } else {
    await dq.deleteTable(c.tx, c.companyId, t.id);
  }
  await c.audit({ action: batches > 0 ? 'payroll.data.table.archive' : 'payroll.data.table.remove', entity: 'payroll_data_table', entityId: t.id, before: { name: t.name, batches } });
  return { archived: batches > 0 };
}

async function workbook(headers: string[], rows: { cells: string[]; reason?: string }[], errorColumn: boolean): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'wfsaas';
  const ws = wb.addWorksheet('数据', { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.columns = [...headers.map((h) => ({ header: h, width: Math.max(12, h.length * 2 + 4) })), ...(errorColumn ? [{ header: '错误原因', width: 50 }] : [])];
  ws.getRow(1).font = { bold: true };
  if (errorColumn) ws.getCell(1, headers.length + 1).font = { bold: true, color: { argb: 'FFCF1322' } };
  for (const r of rows) {
    const row = ws.addRow([...r.cells, ...(errorColumn ? [r.reason ?? ''] : [])]);
    if (errorColumn) row.getCell(headers.length + 1).font = { color: { argb: 'FFCF1322' } };
  }
  // Keys and ID numbers stay text in Excel.
  ws.getColumn(1).numFmt = '@';
  return Buffer.from(await wb.xlsx.writeBuffer());
}

export async function tableTemplate(c: Ctx, kind: number, id: number): Promise<{ fileName: string; body: Buffer }> {
  const t = await requireTable(c, kind, id);
  const headers = [matchKeyLabel(t.matchKey), '姓名', ...t.columns.map((col) => col.column)];
  return { fileName: `${t.name}导入模板.xlsx`, body: await workbook(headers, [], false) };
}

// ── batches ──

function batchView(r: NonNullable<Awaited<ReturnType<typeof dq.findBatch>>>): DataBatchView {
  const b = r.batch;
  return {
    id: b.id,
    tableId: b.tableId,
    tableName: r.tableName,
    kind: r.kind as DataKind,
    month: b.month,
    origin: b.origin,
    status: b.status as 1 | 2,
    statusLabel: DATA_BATCH_STATUSES.find((s) => s.value === b.status)?.label ?? '未知',
    rowCount: b.rowCount,
    matchedCount: b.matchedCount,
    errorCount: b.errorCount,
    createdByName: r.createdByName,
    createdAt: b.createdAt.toISOString(),
    voidedAt: b.voidedAt?.toISOString() ?? null,
  };
}

async function requireBatch(c: Ctx, kind: number, id: number) {
  const r = await dq.findBatch(c.tx, c.companyId, id);
  if (!r || r.kind !== kind) throw notFound('数据批次');
  return r;
}

export async function pageBatches(c: Ctx, kind: number, f: { tableId: number; month?: string; status?: number; pageNum: number; pageSize: number }): Promise<Paged<DataBatchView>> {
  await requireTable(c, kind, f.tableId);
  const { rows, total } = await dq.pageBatches(c.tx, c.companyId, f, f.pageNum, f.pageSize);
  return new Paged(rows.map(batchView), f.pageNum, f.pageSize, total);
}

export async function batchDetail(c: Ctx, kind: number, id: number): Promise<DataBatchView> {
  return batchView(await requireBatch(c, kind, id));
}

/** A row to store: the row number, the key and name as given, and the cells by column header. */
type IncomingRow = { rowNo: number; key: string; name: string; cells: Record<string, string>; unknown: string[] };

/**
 * Stores one month's rows of a table as a new batch: matches each row to an employee on the roster
 * that month (by 工号 or 证件号码), checks names and amounts; a bad row is stored with its error.
 * A month with a valid batch is refused unless `replace`, which voids that batch.
 */
async function ingest(s: AppServices, c: Ctx, t: dq.DataTableRow, month: string, origin: string, replace: boolean, incoming: IncomingRow[]): Promise<DataPushResult> {
  await dq.lockTableMonth(c.tx, c.companyId, t.id, month);
  const existing = await dq.findValidBatch(c.tx, c.companyId, t.id, month);
  if (existing && !replace) throw badRequest(`数据表「${t.name}」${month}已有有效数据（${existing.origin || '批次' + existing.id}），如需替换请选择替换本月数据`);
  if (existing) await dq.voidBatch(c.tx, c.companyId, existing.id, c.user.userId);
  const { first, last } = monthBounds(month);
  const roster = await q.listEmployeesEmployedIn(c.tx, c.companyId, first, last);
  const byNo = new Map<string, q.PayrollEmployee>();
  const byId = new Map<string, q.PayrollEmployee>();
  for (const e of roster) {
    if (e.employeeNo) byNo.set(e.employeeNo, e);
    if (e.idNumberHash) byId.set(e.idNumberHash, e);
  }
  const byIdNumber = t.matchKey === 'idNumber';
  const keyLabel = matchKeyLabel(t.matchKey);
  const seen = new Map<number, number>();
  const rows: dq.DataRowInsert[] = [];
  let matched = 0;
  let errors = 0;
  for (const r of incoming) {
    const problems: string[] = [];
    const plainKey = byIdNumber ? normalizeIdNumber(r.key) : r.key.trim();
    const key = byIdNumber ? maskId(plainKey) : plainKey;
    let employee: q.PayrollEmployee | undefined;
    if (!plainKey) problems.push(`${keyLabel}为空`);
    else {
      employee = byIdNumber ? byId.get(s.cipher.lookupHash(plainKey)) : byNo.get(plainKey);
      if (!employee) problems.push(byIdNumber ? `证件号码${key}不是${month}在职的员工` : `工号${key}不是${month}在职的员工`);
    }
    const name = r.name.replace(/\s+/g, '');
    if (employee && name && name !== employee.name) problems.push(`姓名与员工档案不一致（档案姓名：${employee.name}）`);
    if (employee) {
      const before = seen.get(employee.id);
      if (before !== undefined) problems.push(`与第${before}行重复（${employee.name}）`);
      else seen.set(employee.id, r.rowNo);
    }
    for (const u of r.unknown) problems.push(`「${u}」不是本数据表的列`);
    const values: Record<string, string> = {};
    for (const col of t.columns) {
      const raw = (r.cells[col.column] ?? '').replace(/,/g, '').trim();
      if (raw === '') continue;
      if (!NUMBER.test(raw) || raw.replace(/^-/, '').split('.')[0]!.length > 12) {
        problems.push(`「${col.column}」不是数字：${raw.slice(0, 20)}`);
        continue;
      }
      values[col.column] = new PayrollDecimal(raw).toFixed(2);
    }
    if (employee) matched += 1;
    if (problems.length > 0) errors += 1;
    const raw = Object.fromEntries([[keyLabel, key], ['姓名', name], ...t.columns.map((col) => [col.column, r.cells[col.column] ?? ''])]) as Record<string, string>;
    rows.push({ companyId: c.companyId, batchId: 0, rowNo: r.rowNo, key, employeeId: employee?.id ?? null, name: name || employee?.name || '', values, raw, error: problems.length ? problems.join('；') : null });
  }
  const batch = await dq.insertBatch(c.tx, { companyId: c.companyId, tableId: t.id, month, origin, status: DATA_BATCH_STATUS.valid, rowCount: rows.length, matchedCount: matched, errorCount: errors, createdBy: c.user.userId });
  await dq.insertRows(c.tx, rows.map((r) => ({ ...r, batchId: batch.id })));
  await c.audit({
    action: t.kind === 1 ? 'payroll.data.batch.upload' : 'payroll.data.batch.push',
    entity: 'payroll_data_batch',
    entityId: batch.id,
    after: { tableId: t.id, month, origin, rows: rows.length, matched, errors, replaced: existing?.id ?? null },
  });
  return { batchId: batch.id, rowCount: rows.length, matchedCount: matched, errorCount: errors };
}

export async function uploadBatch(s: AppServices, c: Ctx, input: { tableId: number; month: string; replace: boolean; fileName: string; sheet: ParsedDataSheet }): Promise<DataUploadResult> {
  const t = await requireTable(c, 1, input.tableId);
  const { headers, rows } = input.sheet;
  const keyCol = headers.findIndex((h) => KEY_HEADERS[t.matchKey as DataMatchKey].includes(h));
  if (keyCol < 0) throw badRequest(`表头须包含「${matchKeyLabel(t.matchKey)}」列，用于匹配员工`);
  const nameCol = headers.findIndex((h) => h === '姓名');
  const missing = t.columns.filter((col) => !headers.includes(col.column)).map((col) => col.column);
  if (missing.length > 0) throw badRequest(`表头缺少本数据表的列：${missing.join('、')}（请使用数据表的导入模板）`);
  const known = new Set(t.columns.map((col) => col.column));
  const ignoredColumns = headers.filter((h, i) => h !== '' && i !== keyCol && i !== nameCol && !known.has(h));
  const incoming: IncomingRow[] = rows.map((r) => ({
    rowNo: r.rowNo,
    key: r.cells[keyCol] ?? '',
    name: nameCol >= 0 ? (r.cells[nameCol] ?? '') : '',
    cells: Object.fromEntries(t.columns.map((col) => [col.column, r.cells[headers.indexOf(col.column)] ?? ''])),
    unknown: [],
  }));
  return { ...(await ingest(s, c, t, input.month, input.fileName, input.replace, incoming)), ignoredColumns };
}

/** The push API of IoT and application data: one call is one month's batch. */
export async function pushBatch(s: AppServices, c: Ctx, input: DataPush): Promise<DataPushResult> {
  if (input.rows.length > DATA_PUSH_MAX_ROWS) throw badRequest(`数据行：一次最多推送${DATA_PUSH_MAX_ROWS}行（本次${input.rows.length}行），请分批推送`);
  const t = await dq.findTable(c.tx, c.companyId, input.tableId);
  if (!t) throw notFound('数据表');
  if (t.kind === 1) throw badRequest(`数据表「${t.name}」是导入数据表，请上传文件导入；推送接口只接收物联网数据和应用数据表`);
  const known = new Set(t.columns.map((col) => col.column));
  const incoming: IncomingRow[] = input.rows.map((r, i) => {
    const cells: Record<string, string> = {};
    const unknown: string[] = [];
    for (const [k, v] of Object.entries(r.values)) {
      const column = k.replace(/\s+/g, '');
      if (known.has(column)) cells[column] = String(v);
      else unknown.push(column);
    }
    return { rowNo: i + 1, key: r.key, name: r.name ?? '', cells, unknown };
  });
  return ingest(s, c, t, input.month, t.source, input.replace, incoming);
}

export async function voidBatch(c: Ctx, kind: number, id: number): Promise<DataBatchView> {
  const r = await requireBatch(c, kind, id);
  if (r.batch.status !== DATA_BATCH_STATUS.valid || !(await dq.voidBatch(c.tx, c.companyId, r.batch.id, c.user.userId))) throw badRequest('该批次已作废');
  await c.audit({ action: 'payroll.data.batch.void', entity: 'payroll_data_batch', entityId: r.batch.id, before: { status: r.batch.status, month: r.batch.month }, after: { status: DATA_BATCH_STATUS.voided } });
  return batchView((await dq.findBatch(c.tx, c.companyId, r.batch.id))!);
}

export async function batchRows(c: Ctx, kind: number, f: { batchId: number; filter: 'all' | 'error' | 'unmatched'; keyword?: string; pageNum: number; pageSize: number }): Promise<DataBatchRowsPage & { pageMessage: unknown }> {
  const r = await requireBatch(c, kind, f.batchId);
  const t = (await dq.findTable(c.tx, c.companyId, r.batch.tableId))!;
  const { rows, total } = await dq.pageRows(c.tx, c.companyId, r.batch.id, f, f.pageNum, f.pageSize);
  const page = new Paged(
    rows.map((x) => ({ rowNo: x.rowNo, key: x.key, employeeId: x.employeeId, name: x.name, values: x.values, error: x.error })),
    f.pageNum,
    f.pageSize,
    total,
  );
  return { batch: batchView(r), columns: t.columns.map((col) => col.column), list: page.list, pageMessage: page.pageMessage };
}

export async function batchErrorFile(c: Ctx, kind: number, id: number): Promise<{ fileName: string; body: Buffer }> {
  const r = await requireBatch(c, kind, id);
  const t = (await dq.findTable(c.tx, c.companyId, r.batch.tableId))!;
  const rows = await dq.listErrorRows(c.tx, c.companyId, r.batch.id);
  if (rows.length === 0) throw badRequest('该批次没有错误数据');
  const headers = ['行号', matchKeyLabel(t.matchKey), '姓名', ...t.columns.map((col) => col.column)];
  const body = await workbook(
    headers,
    rows.map((x) => ({ cells: [String(x.rowNo), ...headers.slice(1).map((h) => x.raw[h] ?? '')], reason: x.error ?? '' })),
    true,
  );
  await c.audit({ action: 'payroll.data.batch.downloadErrors', entity: 'payroll_data_batch', entityId: r.batch.id, after: { rows: rows.length } });
  return { fileName: `${t.name}-${r.batch.month}-错误数据.xlsx`, body };
}

// ── groups and their tables ──

export async function groupList(c: Ctx): Promise<DataGroupList> {
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

export async function saveGroupTables(c: Ctx, input: { groupId: number; tableIds: number[] }): Promise<DataGroupList> {
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

export async function runSources(c: Ctx, runId: number): Promise<RunDataSources> {
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
export async function pullData(c: Ctx, runId: number): Promise<RunPullResult> {
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
export async function runInputs(c: Ctx, f: { runId: number; keyword?: string; pageNum: number; pageSize: number }): Promise<RunInputsPage & { pageMessage: unknown }> {
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

export async function basePage(c: Ctx, f: { keyword?: string; departmentId?: number; month?: string; pageNum: number; pageSize: number }): Promise<Paged<BaseDataView>> {
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
