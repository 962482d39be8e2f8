import { matchKeyLabel, type DataKind, type DataMatchKey, type DataTableSave, type DataTableView } from '@wfsaas/contracts';
import ExcelJS from 'exceljs';
import type { StoredDataColumn } from '../../db/schema/payroll.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import type { ServiceCtx } from '../../platform/http.ts';
import * as dq from './payroll-data.queries.ts';

/** 共享数据's tables: list, detail, save and remove, and the import template. */

const RESERVED = new Set(['工号', '证件号码', '身份证号', '身份证号码', '姓名']);

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
export async function requireTable(c: ServiceCtx, kind: number, id: number): Promise<dq.DataTableRow> {
  const t = await dq.findTable(c.tx, c.companyId, id);
  if (!t || t.kind !== kind) throw notFound('数据表');
  return t;
}

export async function listTables(c: ServiceCtx, kind: number, keyword?: string): Promise<DataTableView[]> {
  const rows = await dq.listTables(c.tx, c.companyId, kind, keyword);
  return rows.map((r) => tableView(r.table, r.batchCount, r.latestMonth));
}

export async function tableDetail(c: ServiceCtx, kind: number, id: number): Promise<DataTableView> {
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

export async function saveTable(c: ServiceCtx, kind: number, input: DataTableSave): Promise<DataTableView> {
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
export async function removeTable(c: ServiceCtx, kind: number, id: number): Promise<{ archived: boolean }> {
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

export async function workbook(headers: string[], rows: { cells: string[]; reason?: string }[], errorColumn: boolean): Promise<Buffer> {
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

export async function tableTemplate(c: ServiceCtx, kind: number, id: number): Promise<{ fileName: string; body: Buffer }> {
  const t = await requireTable(c, kind, id);
  const headers = [matchKeyLabel(t.matchKey), '姓名', ...t.columns.map((col) => col.column)];
  return { fileName: `${t.name}导入模板.xlsx`, body: await workbook(headers, [], false) };
}
