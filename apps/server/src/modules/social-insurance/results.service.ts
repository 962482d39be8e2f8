import { APPLY_STATUS, LINE_KINDS, normalizeIdNumber, RESULT_FILE_COLUMNS, SI_IMPORT_MAX_BYTES, type ApplyDetailView, type ResultImportView } from '@wfsaas/contracts';
import type { FastifyRequest } from 'fastify';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { checkUploadContent, readSingleUpload } from '../../platform/files/index.ts';
import type { ServiceCtx } from '../../platform/http.ts';
import type { AppServices } from '../../platform/services.ts';
import { openXlsxSheet } from '../../platform/spreadsheet/index.ts';
import * as dq from './declarations.queries.ts';
import { detailView, requireDeclaration } from './declarations.service.ts';
import { applyResult } from './insured-effects.service.ts';

/** The portal's results: a result file (办理结果) imported, or a line's result set by hand. */

export type ResultRow = { rowNo: number; idNumber: string; name: string; kind: string; result: string; reason: string };

const MAX_ROWS = 20_000;

function columnOf(headers: string[], names: readonly string[]): number {
  return headers.findIndex((h) => names.includes(h));
}

/** The rows of a result file: the first row naming a result column is the header. */
export async function readResultFile(data: Buffer): Promise<ResultRow[]> {
  const sheet = await openXlsxSheet(data, { sheet: 'firstVisibleWithData', limits: { maxRows: MAX_ROWS + 5 }, messages: { notXlsx: '文件无法读取，请上传有效的 .xlsx 文件' } });
  let cols: { id: number; name: number; kind: number; result: number; reason: number } | null = null;
  const rows: ResultRow[] = [];
  for await (const row of sheet.rows()) {
    const cells = row.cells.map((c) => c.replace(/\s+/g, ''));
    if (!cols) {
      const result = columnOf(cells, RESULT_FILE_COLUMNS.result);
      const id = columnOf(cells, RESULT_FILE_COLUMNS.idNumber);
      const name = columnOf(cells, RESULT_FILE_COLUMNS.name);
      if (result < 0 || (id < 0 && name < 0)) {
        if (row.rowNo >= 5) break;
        continue;
      }
      cols = { id, name, result, kind: columnOf(cells, RESULT_FILE_COLUMNS.kind), reason: columnOf(cells, RESULT_FILE_COLUMNS.reason) };
      continue;
    }
    const at = (i: number) => (i >= 0 ? (row.cells[i] ?? '').trim() : '');
    if (cells.every((c) => c === '')) continue;
    if (rows.length >= MAX_ROWS) throw badRequest(`结果文件行数过多，一次最多导入 ${MAX_ROWS} 行`);
    rows.push({ rowNo: row.rowNo, idNumber: at(cols.id), name: at(cols.name).replace(/\s+/g, ''), kind: at(cols.kind), result: at(cols.result), reason: at(cols.reason) });
  }
  if (!cols) throw badRequest(`结果文件缺少「结果」列或「证件号码」列（结果列可用：${RESULT_FILE_COLUMNS.result.join('、')}；证件号码列可用：${RESULT_FILE_COLUMNS.idNumber.join('、')}，或「姓名」）`);
  if (rows.length === 0) throw badRequest('结果文件没有数据行');
  return rows;
}

/** The `receive` step: the uploaded workbook (size, type and content checked), read before the transaction opens. */
export async function receiveResultFile(s: AppServices, req: FastifyRequest): Promise<ResultRow[]> {
  const limit = Math.min(SI_IMPORT_MAX_BYTES, s.config.uploadLimitBytes);
  const { filename, data } = await readSingleUpload(req, limit, {
    notMultipart: '请以文件表单（multipart/form-data）上传办理结果文件',
    missing: '请选择要导入的办理结果文件',
    tooLarge: `文件过大，办理结果文件不能超过 ${Math.floor(limit / 1024 / 1024)} MB`,
  });
  if (data.length === 0) throw badRequest('文件为空，请选择有数据的 .xlsx 文件');
  if (!/\.xlsx$/i.test(filename)) throw badRequest('请上传 .xlsx 格式的办理结果文件');
  const check = checkUploadContent(filename, data.subarray(0, 64 * 1024), data.subarray(Math.max(0, data.length - 64 * 1024)));
  if (!check.ok || check.ext !== 'xlsx') throw badRequest('文件内容不是有效的 .xlsx 表格');
  return readResultFile(data);
}

/** 成功 / 办理成功 / 通过 → 1; 失败 / 不通过 / 退回 → 2; anything else null. */
export function resultOf(text: string): 1 | 2 | null {
  const t = text.replace(/\s+/g, '');
  if (/失败|不通过|退回|未通过|驳回/.test(t)) return 2;
  if (/成功|通过|已办结/.test(t)) return 1;
  return null;
}

function kindOf(text: string): number | null {
  const t = text.replace(/\s+/g, '');
  if (!t) return null;
  return LINE_KINDS.find((k) => t.includes(k.label))?.value ?? (/新参保|参保登记/.test(t) ? 1 : /停保|减少/.test(t) ? 2 : null);
}

/** The declaration's status from its lines: all succeeded 全部成功, any result 部分成功, none 已提交. */
async function settleStatus(c: ServiceCtx, d: dq.DeclarationRow): Promise<dq.DeclarationRow> {
  const kept = (await dq.listLines(c.tx, c.companyId, d.id)).filter((l) => !l.dropped);
  const status = kept.every((l) => l.result === 1) ? APPLY_STATUS.succeeded : kept.some((l) => l.result !== 0) ? APPLY_STATUS.partial : APPLY_STATUS.submitted;
  return status === d.status ? d : dq.updateDeclaration(c.tx, c.companyId, d.id, { status });
}

async function requireSubmitted(c: ServiceCtx, applyId: number) {
  const found = await requireDeclaration(c, applyId);
  const s = found.declaration.status;
  if (s !== APPLY_STATUS.submitted && s !== APPLY_STATUS.partial) throw conflict(s === APPLY_STATUS.succeeded ? '申报单已全部办理成功' : '只有已提交的申报单可以登记办理结果');
  return found;
}

export async function saveResult(c: ServiceCtx, input: { applyId: number; lineId: number; result: 1 | 2; reason: string }): Promise<ApplyDetailView> {
  const { declaration, entity } = await requireSubmitted(c, input.applyId);
  const lines = await dq.listLines(c.tx, c.companyId, declaration.id);
  const line = lines.find((l) => l.id === input.lineId && !l.dropped);
  if (!line) throw notFound('申报明细');
  if (line.result !== 0) throw conflict('该申报明细已有办理结果');
  if (input.result === 2 && !input.reason) throw badRequest('失败原因：办理失败时请填写原因');
  await dq.setLineResults(c.tx, c.companyId, [{ id: line.id, result: input.result, reason: input.result === 2 ? input.reason : '' }]);
  await applyResult(c, declaration, line, lines, input.result, input.reason);
  const settled = await settleStatus(c, declaration);
  await c.audit({ action: 'si.apply.result', entity: 'si_declaration', entityId: declaration.id, after: { lineId: line.id, result: input.result, reason: input.reason } });
  return detailView(c, settled, entity);
}

type Matcher = { byHash: Map<string, number>; byName: Map<string, number[]> };

async function matcherOf(c: ServiceCtx, lines: readonly dq.LineRow[]): Promise<Matcher> {
  const people = await dq.listLinePeople(c.tx, c.companyId, lines.map((l) => l.employeeId));
  const byHash = new Map<string, number>();
  const byName = new Map<string, number[]>();
  for (const p of people.values()) {
    if (p.idNumberHash) byHash.set(p.idNumberHash, p.employeeId);
    byName.set(p.name, [...(byName.get(p.name) ?? []), p.employeeId]);
  }
  return { byHash, byName };
}

function whoOf(c: ServiceCtx, m: Matcher, row: ResultRow): { employeeId: number } | { reason: string } {
  if (row.idNumber) {
    const found = m.byHash.get(c.services.cipher.lookupHash(normalizeIdNumber(row.idNumber)));
    return found ? { employeeId: found } : { reason: '证件号码不在本申报单中' };
  }
  if (!row.name) return { reason: '证件号码和姓名均为空' };
  const named = m.byName.get(row.name) ?? [];
  if (named.length === 1) return { employeeId: named[0]! };
  return { reason: named.length === 0 ? '姓名不在本申报单中' : '本申报单中有同名人员，请填写证件号码' };
}

export async function importResults(c: ServiceCtx, applyId: number, rows: readonly ResultRow[]): Promise<ResultImportView> {
  const { declaration } = await requireSubmitted(c, applyId);
  const lines = (await dq.listLines(c.tx, c.companyId, declaration.id)).filter((l) => !l.dropped);
  const m = await matcherOf(c, lines);
  const view: ResultImportView = { rows: rows.length, applied: 0, success: 0, failure: 0, unknown: [], status: declaration.status as 1 | 2 };
  const done = new Set<number>();
  for (const row of rows) {
    const refuse = (reason: string) => view.unknown.push({ row: row.rowNo, name: row.name || '（无姓名）', reason });
    const who = whoOf(c, m, row);
    if ('reason' in who) {
      refuse(who.reason);
      continue;
    }
    const result = resultOf(row.result);
    if (!result) {
      refuse(`无法识别的办理结果：${row.result || '（空）'}`);
      continue;
    }
    const kind = kindOf(row.kind);
    const targets = lines.filter((l) => l.employeeId === who.employeeId && l.result === 0 && !done.has(l.id) && (kind === null || l.kind === kind));
    if (targets.length === 0) {
      refuse('该人员在本申报单中没有待反馈的明细');
      continue;
    }
    for (const l of targets) {
      const reason = result === 2 ? row.reason || '办理失败' : '';
      await dq.setLineResults(c.tx, c.companyId, [{ id: l.id, result, reason }]);
      await applyResult(c, declaration, l, lines, result, reason);
      done.add(l.id);
    }
    view.applied += 1;
    if (result === 1) view.success += 1;
    else view.failure += 1;
  }
  const settled = await settleStatus(c, declaration);
  view.status = settled.status as ResultImportView['status'];
  await c.audit({ action: 'si.apply.resultImport', entity: 'si_declaration', entityId: declaration.id, after: { rows: view.rows, applied: view.applied, success: view.success, failure: view.failure, unknown: view.unknown.length } });
  return view;
}
