import {
  DATA_BATCH_STATUS,
  DATA_BATCH_STATUSES,
  DATA_PUSH_MAX_ROWS,
  maskId,
  matchKeyLabel,
  normalizeIdNumber,
  type DataBatchRowsPage,
  type DataBatchView,
  type DataKind,
  type DataMatchKey,
  type DataPush,
  type DataPushResult,
  type DataUploadResult,
} from '@wfsaas/contracts';
import { PayrollDecimal } from '@wfsaas/payroll';
import { badRequest, notFound } from '../../platform/errors.ts';
import { Paged, type ServiceCtx } from '../../platform/http.ts';
import type { AppServices } from '../../platform/services.ts';
import { monthBounds } from './payroll-calendar.ts';
import { requireTable, workbook } from './payroll-data-tables.service.ts';
import * as dq from './payroll-data.queries.ts';
import type { ParsedDataSheet } from './payroll-import.ts';
import * as q from './payroll.queries.ts';

/** 共享数据's batches: a month's rows uploaded or pushed, matched to employees, voided, listed with their errors. */

const NUMBER = /^-?\d+(\.\d+)?$/;
const KEY_HEADERS: Record<DataMatchKey, string[]> = { employeeNo: ['工号'], idNumber: ['证件号码', '身份证号', '身份证号码'] };

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

async function requireBatch(c: ServiceCtx, kind: number, id: number) {
  const r = await dq.findBatch(c.tx, c.companyId, id);
  if (!r || r.kind !== kind) throw notFound('数据批次');
  return r;
}

export async function pageBatches(c: ServiceCtx, kind: number, f: { tableId: number; month?: string; status?: number; pageNum: number; pageSize: number }): Promise<Paged<DataBatchView>> {
  await requireTable(c, kind, f.tableId);
  const { rows, total } = await dq.pageBatches(c.tx, c.companyId, f, f.pageNum, f.pageSize);
  return new Paged(rows.map(batchView), f.pageNum, f.pageSize, total);
}

export async function batchDetail(c: ServiceCtx, kind: number, id: number): Promise<DataBatchView> {
  return batchView(await requireBatch(c, kind, id));
}

/** A row to store: the row number, the key and name as given, and the cells by column header. */
type IncomingRow = { rowNo: number; key: string; name: string; cells: Record<string, string>; unknown: string[] };

/**
 * Stores one month's rows of a table as a new batch: matches each row to an employee on the roster
 * that month (by 工号 or 证件号码), checks names and amounts; a bad row is stored with its error.
 * A month with a valid batch is refused unless `replace`, which voids that batch.
 */
async function ingest(s: AppServices, c: ServiceCtx, t: dq.DataTableRow, month: string, origin: string, replace: boolean, incoming: IncomingRow[]): Promise<DataPushResult> {
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

export async function uploadBatch(s: AppServices, c: ServiceCtx, input: { tableId: number; month: string; replace: boolean; fileName: string; sheet: ParsedDataSheet }): Promise<DataUploadResult> {
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
export async function pushBatch(s: AppServices, c: ServiceCtx, input: DataPush): Promise<DataPushResult> {
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

export async function voidBatch(c: ServiceCtx, kind: number, id: number): Promise<DataBatchView> {
  const r = await requireBatch(c, kind, id);
  if (r.batch.status !== DATA_BATCH_STATUS.valid || !(await dq.voidBatch(c.tx, c.companyId, r.batch.id, c.user.userId))) throw badRequest('该批次已作废');
  await c.audit({ action: 'payroll.data.batch.void', entity: 'payroll_data_batch', entityId: r.batch.id, before: { status: r.batch.status, month: r.batch.month }, after: { status: DATA_BATCH_STATUS.voided } });
  return batchView((await dq.findBatch(c.tx, c.companyId, r.batch.id))!);
}

export async function batchRows(c: ServiceCtx, kind: number, f: { batchId: number; filter: 'all' | 'error' | 'unmatched'; keyword?: string; pageNum: number; pageSize: number }): Promise<DataBatchRowsPage & { pageMessage: unknown }> {
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

export async function batchErrorFile(c: ServiceCtx, kind: number, id: number): Promise<{ fileName: string; body: Buffer }> {
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
