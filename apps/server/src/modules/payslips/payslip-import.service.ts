import { Readable } from 'node:stream';
import {
  maskId,
  maskPhone,
  MSG_PAYSLIP_NO_EMPLOYEE,
  normalizeIdNumber,
  PAYSLIP_MAX_BYTES,
  type IdentityColumn,
  type PayslipAdd,
  type PayslipAddResult,
  type PayslipColumn,
  type PayslipSheetPreview,
  type UnmatchedRow,
} from '@wfsaas/contracts';
import type { FastifyRequest } from 'fastify';
import { badRequest, notFound } from '../../platform/errors.ts';
import { attachFile, checkUploadContent, claimUpload, openStoredFile, readSingleUpload, recordUpload, storeUpload, type FileRow, type StoredUpload } from '../../platform/files/index.ts';
import type { ServiceCtx } from '../../platform/http.ts';
import type { AppServices } from '../../platform/services.ts';
import { detectIdentity, displayValue, MSG_EMPTY_FILE, MSG_NOT_XLSX, readPayslipSheet, suggestColumns, type ParsedPayslipSheet } from './payslip-sheet.ts';
import * as q from './payslips.queries.ts';
import { findTemplate } from './payslip-templates.queries.ts';

export const MSG_DUPLICATE_EMPLOYEE = '重复的人员';
const SAMPLE_ROWS = 10;
const INSERT_CHUNK = 500;

export type ReceivedSheet = { stored: StoredUpload; sheet: ParsedPayslipSheet };

/** The `receive` step of header: reads, checks and parses the upload, then keeps it — before the transaction. */
export async function receivePayslipSheet(s: AppServices, req: FastifyRequest, who: { companyId: number; userId: number }, headerRows?: 1 | 2): Promise<ReceivedSheet> {
  const limit = Math.min(PAYSLIP_MAX_BYTES, s.config.uploadLimitBytes);
  const { filename, data } = await readSingleUpload(req, limit, {
    notMultipart: '请以文件表单（multipart/form-data）上传工资表',
    missing: '请选择要导入的工资表',
    tooLarge: `文件过大，工资表不能超过 ${Math.floor(limit / 1024 / 1024)} MB`,
  });
  if (data.length === 0) throw badRequest(MSG_EMPTY_FILE);
  if (!/\.xlsx$/i.test(filename)) throw badRequest('请上传 .xlsx 格式的工资表');
  const check = checkUploadContent(filename, data.subarray(0, 64 * 1024), data.subarray(Math.max(0, data.length - 64 * 1024)));
  if (!check.ok || check.ext !== 'xlsx') throw badRequest(MSG_NOT_XLSX);
  const sheet = await readPayslipSheet(data, headerRows);
  const stored = await storeUpload(s, { companyId: who.companyId, userId: who.userId, filename, body: Readable.from([data]), kind: 'upload', isTruncated: () => false });
  return { stored, sheet };
}

export async function recordSheetPreview(c: ServiceCtx, received: ReceivedSheet): Promise<PayslipSheetPreview> {
  const file = await recordUpload(c.tx, c.companyId, c.user.userId, received.stored);
  const { sheet } = received;
  const identity = detectIdentity(sheet.labels);
  return {
    fileId: file.publicId,
    fileName: file.originalName,
    headerRows: sheet.headerRows,
    columns: suggestColumns(sheet.labels, identity),
    identity,
    rowCount: sheet.rows.length,
    sample: sheet.rows.slice(0, SAMPLE_ROWS).map((r) => r.cells),
  };
}

/** The sheet the caller uploaded (header), taken for the batch being made: a file is made into one batch. */
async function takeKeptSheet(s: AppServices, c: ServiceCtx, publicId: string, headerRows: 1 | 2): Promise<{ file: FileRow; sheet: ParsedPayslipSheet }> {
  const file = await claimUpload(c.tx, c.companyId, publicId, c.user.userId, { kind: 'payslip_sheet', ownerId: null });
  if (!file) throw notFound('工资表文件');
  const chunks: Buffer[] = [];
  for await (const chunk of await openStoredFile(s, file)) chunks.push(chunk as Buffer);
  return { file, sheet: await readPayslipSheet(Buffer.concat(chunks), headerRows) };
}

function checkLayout(labels: readonly string[], identity: readonly IdentityColumn[], columns: readonly PayslipColumn[]) {
  const kinds = new Set(identity.map((i) => i.kind));
  if (!kinds.has('name') || kinds.size < 2) throw badRequest('身份列须包含「姓名」以及手机号、证件号码、工号中的至少一项');
  if (kinds.size !== identity.length) throw badRequest('身份列：每种类型只能指定一列');
  for (const i of identity) if (i.index >= labels.length) throw badRequest(`身份列：第 ${i.index + 1} 列不存在`);
  const seen = new Set<number>();
  for (const col of columns) {
    if (col.index >= labels.length) throw badRequest(`显示列：第 ${col.index + 1} 列不存在`);
    if (seen.has(col.index)) throw badRequest(`显示列：第 ${col.index + 1} 列重复`);
    seen.add(col.index);
  }
  if (!columns.some((col) => col.show)) throw badRequest('显示列：请至少选择一列显示在工资条上');
}

type Matcher = (name: string, values: Partial<Record<'mobile' | 'idNumber' | 'employeeNo', string>>) => number[];

function buildMatcher(s: AppServices, list: q.MatchEmployee[]): Matcher {
  const by = { mobile: new Map<string, q.MatchEmployee[]>(), idNumber: new Map<string, q.MatchEmployee[]>(), employeeNo: new Map<string, q.MatchEmployee[]>() };
  const add = (m: Map<string, q.MatchEmployee[]>, k: string | null, e: q.MatchEmployee) => {
    if (!k) return;
    const l = m.get(k);
    if (l) l.push(e);
    else m.set(k, [e]);
  };
  for (const e of list) {
    add(by.mobile, e.mobileHash, e);
    add(by.idNumber, e.idNumberHash, e);
    add(by.employeeNo, e.employeeNo, e);
  }
  return (name, values) => {
    const found = new Set<number>();
    const take = (m: Map<string, q.MatchEmployee[]>, key: string) => {
      for (const e of m.get(key) ?? []) if (e.name === name) found.add(Number(e.id));
    };
    if (values.mobile) take(by.mobile, s.cipher.lookupHash(values.mobile));
    if (values.idNumber) take(by.idNumber, s.cipher.lookupHash(values.idNumber));
    if (values.employeeNo) take(by.employeeNo, values.employeeNo);
    return [...found];
  };
}

function identityText(values: Partial<Record<'mobile' | 'idNumber' | 'employeeNo', string>>): string {
  const parts: string[] = [];
  if (values.mobile) parts.push(`手机号 ${maskPhone(values.mobile)}`);
  if (values.idNumber) parts.push(`证件号码 ${maskId(values.idNumber)}`);
  if (values.employeeNo) parts.push(`工号 ${values.employeeNo}`);
  return parts.join('，');
}

/** The shown value of a row's net-pay column (the first 实发 column). */
export function netPayOf(columns: readonly PayslipColumn[], cells: readonly string[]): string | null {
  const net = columns.find((col) => col.group === 'net');
  if (!net) return null;
  const v = cells[net.index] ?? '';
  return v === '' ? null : v;
}

/** Display strings of a row: money columns to two decimals, other text as written. */
export function displayCells(columns: readonly PayslipColumn[], raw: readonly string[]): string[] {
  const group = new Map(columns.map((col) => [col.index, col.group]));
  return raw.map((v, i) => displayValue(v, group.get(i) ?? 'other'));
}

/** add: a draft batch from the kept sheet and the chosen layout; every row matched to an employee. */
export async function addPayslipBatch(s: AppServices, c: ServiceCtx, input: PayslipAdd): Promise<PayslipAddResult> {
  const { file, sheet } = await takeKeptSheet(s, c, input.fileId, input.headerRows);
  checkLayout(sheet.labels, input.identity, input.columns);
  if (input.templateId !== undefined && !(await findTemplate(c.tx, c.companyId, input.templateId))) throw notFound('工资条模板');
  // Every sheet column is kept in the layout; the ones not sent are hidden 其他 columns.
  const given = new Map(input.columns.map((col) => [col.index, col]));
  const columns: PayslipColumn[] = sheet.labels.map((label, index) => given.get(index) ?? { index, label: label.slice(0, 60), group: 'other', show: false });
  const batch = await q.insertBatch(c.tx, {
    companyId: c.companyId,
    month: input.month,
    title: input.title,
    status: 0,
    fileId: file.id,
    templateId: input.templateId ?? null,
    headerRows: input.headerRows,
    columns,
    identity: input.identity,
    hideEmpty: input.hideEmpty,
    note: input.note,
    createdBy: c.user.userId,
  });
  await attachFile(c.tx, c.companyId, file.id, { kind: 'payslip_sheet', ownerId: batch.id });
  const match = buildMatcher(s, await q.listEmployeesForMatching(c.tx, c.companyId));
  const col = (kind: string) => input.identity.find((i) => i.kind === kind)?.index;
  const nameIdx = col('name')!;
  const taken = new Set<number>();
  const values: Parameters<typeof q.insertPayslipRows>[1] = [];
  for (const row of sheet.rows) {
    const name = (row.cells[nameIdx] ?? '').replace(/\s+/g, '');
    const ids: Partial<Record<'mobile' | 'idNumber' | 'employeeNo', string>> = {};
    const m = col('mobile');
    const d = col('idNumber');
    const e = col('employeeNo');
    if (m !== undefined && row.cells[m]) ids.mobile = row.cells[m]!.replace(/[\s-]/g, '');
    if (d !== undefined && row.cells[d]) ids.idNumber = normalizeIdNumber(row.cells[d]!);
    if (e !== undefined && row.cells[e]) ids.employeeNo = row.cells[e]!.trim();
    const found = name ? match(name, ids) : [];
    let employeeId: number | null = null;
    let matchError: string | null = null;
    if (found.length !== 1) matchError = MSG_PAYSLIP_NO_EMPLOYEE;
    else if (taken.has(found[0]!)) matchError = MSG_DUPLICATE_EMPLOYEE;
    else {
      employeeId = found[0]!;
      taken.add(employeeId);
    }
    const cells = displayCells(columns, row.cells);
    values.push({
      companyId: c.companyId,
      batchId: batch.id,
      rowNo: row.rowNo,
      employeeId,
      name: name || '（无姓名）',
      identityText: identityText(ids),
      cells,
      netPay: netPayOf(columns, cells),
      matchError,
    });
  }
  const unmatched: UnmatchedRow[] = [];
  for (let i = 0; i < values.length; i += INSERT_CHUNK) {
    const inserted = await q.insertPayslipRows(c.tx, values.slice(i, i + INSERT_CHUNK));
    for (const r of inserted) if (r.matchError) unmatched.push({ payslipId: r.id, rowNo: r.rowNo, name: r.name, identity: r.identityText, reason: r.matchError });
  }
  await c.audit({ action: 'payslip.add', entity: 'payslip_batch', entityId: batch.id, after: { month: batch.month, title: batch.title, rows: values.length, unmatched: unmatched.length } });
  return { batchId: batch.id, rowCount: values.length, matched: values.length - unmatched.length, unmatched };
}

/** Fixes an unmatched row of a draft: assigns an employee of the company, or drops the row. */
export async function assignPayslip(c: ServiceCtx, input: { payslipId: number; employeeId?: number; drop?: boolean }): Promise<{ payslipId: number; employeeId: number | null; dropped: boolean }> {
  if (!input.drop && input.employeeId === undefined) throw badRequest('员工：请选择要匹配的员工，或选择删除该行');
  const row = await q.findPayslip(c.tx, c.companyId, input.payslipId);
  if (!row || !row.isCurrent) throw notFound('工资条');
  const batch = await q.findBatch(c.tx, c.companyId, row.batchId);
  if (!batch) throw notFound('工资条');
  if (batch.status !== 0) throw badRequest('只有草稿状态的工资条可以调整匹配人员');
  if (input.drop) {
    await q.updatePayslip(c.tx, c.companyId, row.id, { archivedAt: new Date() });
    await c.audit({ action: 'payslip.drop', entity: 'payslip', entityId: row.id, before: { name: row.name, rowNo: row.rowNo } });
    return { payslipId: row.id, employeeId: null, dropped: true };
  }
  const employee = await q.findEmployee(c.tx, c.companyId, input.employeeId!);
  if (!employee) throw notFound('员工');
  const other = await q.findBatchPayslipOfEmployee(c.tx, c.companyId, batch.id, employee.id);
  if (other && other.id !== row.id) throw badRequest(`${employee.name}在本批次中已有工资条，不能重复匹配`);
  await q.updatePayslip(c.tx, c.companyId, row.id, { employeeId: employee.id, matchError: null });
  await c.audit({ action: 'payslip.assign', entity: 'payslip', entityId: row.id, before: { employeeId: row.employeeId, matchError: row.matchError }, after: { employeeId: employee.id } });
  return { payslipId: row.id, employeeId: employee.id, dropped: false };
}
