import { maskId, normalizeIdNumber, PAYROLL_IMPORT_MAX_BYTES, PAYROLL_IMPORT_MAX_ROWS, type RunImportResult } from '@wfsaas/contracts';
import type { FastifyRequest } from 'fastify';
import { badRequest } from '../../platform/errors.ts';
import { checkUploadContent, readSingleUpload } from '../../platform/files/index.ts';
import { openXlsxSheet } from '../../platform/spreadsheet/index.ts';
import type { AppServices } from '../../platform/services.ts';
import type { PayrollEmployee } from './payroll.queries.ts';

/** An uploaded sheet of monthly data: the first row is the header, each later row one employee. */
export type ParsedDataSheet = { headers: string[]; rows: { rowNo: number; cells: string[] }[] };

const MSG_UNREADABLE = '文件无法读取，请上传有效的 .xlsx 文件';
const MSG_TOO_MANY_ROWS = `数据行过多，一次最多导入 ${PAYROLL_IMPORT_MAX_ROWS} 行`;

export async function readDataSheet(data: Buffer): Promise<ParsedDataSheet> {
  const sheet = await openXlsxSheet(data, {
    booleanText: ['1', '0'],
    limits: { maxRows: PAYROLL_IMPORT_MAX_ROWS + 1 },
    messages: { notXlsx: MSG_UNREADABLE, tooManyRows: MSG_TOO_MANY_ROWS },
  });
  let headers: string[] | null = null;
  const rows: ParsedDataSheet['rows'] = [];
  for await (const row of sheet.rows()) {
    if (headers === null) {
      headers = row.rowNo === 1 ? row.cells.map((c) => c.replace(/\s+/g, '')) : [];
      if (row.rowNo === 1) continue;
    }
    const cells = headers.map((_, i) => row.cells[i] ?? '');
    if (cells.every((c) => c === '')) continue;
    if (rows.length === PAYROLL_IMPORT_MAX_ROWS) throw badRequest(MSG_TOO_MANY_ROWS);
    rows.push({ rowNo: row.rowNo, cells });
  }
  if (headers === null) throw badRequest('表格中没有数据');
  if (rows.length === 0) throw badRequest('表格中没有数据行');
  return { headers, rows };
}

/** The `receive` step of the import: reads and parses the upload before the transaction opens. */
/** Receives one uploaded .xlsx (size, type and content checked) and reads its first sheet; answers the file name too. */
export async function receiveDataFile(s: AppServices, req: FastifyRequest): Promise<{ fileName: string; sheet: ParsedDataSheet }> {
  const limit = Math.min(PAYROLL_IMPORT_MAX_BYTES, s.config.uploadLimitBytes);
  const { filename, data } = await readSingleUpload(req, limit, {
    notMultipart: '请以文件表单（multipart/form-data）上传数据表',
    missing: '请选择要导入的数据表',
    tooLarge: `文件过大，数据表不能超过 ${Math.floor(limit / 1024 / 1024)} MB`,
  });
  if (data.length === 0) throw badRequest('文件为空，请选择有数据的 .xlsx 文件');
  if (!/\.xlsx$/i.test(filename)) throw badRequest('请上传 .xlsx 格式的数据表');
  const check = checkUploadContent(filename, data.subarray(0, 64 * 1024), data.subarray(Math.max(0, data.length - 64 * 1024)));
  if (!check.ok || check.ext !== 'xlsx') throw badRequest('文件内容不是有效的 .xlsx 表格');
  return { fileName: filename.slice(0, 120), sheet: await readDataSheet(data) };
}

export async function receiveDataSheet(s: AppServices, req: FastifyRequest): Promise<ParsedDataSheet> {
  return (await receiveDataFile(s, req)).sheet;
}

const NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * Maps the sheet to the run's input items: columns by header name, rows by 工号 or 证件号码 among
 * the run's members. Rows that match nobody, repeat an employee or hold a non-number are reported.
 */
export function mapDataSheet(
  sheet: ParsedDataSheet,
  inputItems: readonly string[],
  members: readonly PayrollEmployee[],
  lookupHash: (plain: string) => string,
): { result: RunImportResult; values: { employeeId: number; values: Record<string, string> }[] } {
  const noCol = sheet.headers.findIndex((h) => h === '工号');
  const idCol = sheet.headers.findIndex((h) => h === '证件号码' || h === '身份证号' || h === '身份证号码');
  const nameCol = sheet.headers.findIndex((h) => h === '姓名');
  if (noCol < 0 && idCol < 0) throw badRequest('表头须包含「工号」或「证件号码」列，用于匹配员工');
  const items = new Set(inputItems);
  const columns: { index: number; name: string }[] = [];
  const ignored: string[] = [];
  sheet.headers.forEach((h, index) => {
    if (index === noCol || index === idCol || index === nameCol || h === '') return;
    if (items.has(h)) columns.push({ index, name: h });
    else ignored.push(h);
  });
  if (columns.length === 0) throw badRequest(`表头中没有本薪资组的导入项（${inputItems.join('、') || '无'}），请核对列名`);
  const byNo = new Map<string, PayrollEmployee>();
  const byId = new Map<string, PayrollEmployee>();
  for (const m of members) {
    if (m.employeeNo) byNo.set(m.employeeNo, m);
    if (m.idNumberHash) byId.set(m.idNumberHash, m);
  }
  const taken = new Set<number>();
  const unmatched: RunImportResult['unmatched'] = [];
  const values: { employeeId: number; values: Record<string, string> }[] = [];
  for (const row of sheet.rows) {
    const no = noCol >= 0 ? (row.cells[noCol] ?? '') : '';
    const idNumber = idCol >= 0 && row.cells[idCol] ? normalizeIdNumber(row.cells[idCol]!) : '';
    const name = nameCol >= 0 ? (row.cells[nameCol] ?? '').replace(/\s+/g, '') : '';
    const identity = [no ? `工号 ${no}` : '', idNumber ? `证件号码 ${maskId(idNumber)}` : ''].filter(Boolean).join('，');
    const refuse = (reason: string) => unmatched.push({ rowNo: row.rowNo, name: name || '（无姓名）', identity, reason });
    if (!no && !idNumber) {
      refuse('工号和证件号码均为空');
      continue;
    }
    const employee = (no ? byNo.get(no) : undefined) ?? (idNumber ? byId.get(lookupHash(idNumber)) : undefined);
    if (!employee) {
      refuse(no ? `工号${no}不是本薪资组本月的人员` : '证件号码不是本薪资组本月的人员');
      continue;
    }
    if (name && name !== employee.name) {
      refuse(`姓名与员工档案不一致（档案姓名：${employee.name}）`);
      continue;
    }
    if (taken.has(employee.id)) {
      refuse(`与前面的行重复（${employee.name}）`);
      continue;
    }
    const v: Record<string, string> = {};
    let bad: string | null = null;
    for (const col of columns) {
      const raw = (row.cells[col.index] ?? '').replace(/,/g, '');
      if (raw === '') continue;
      if (!NUMBER.test(raw)) {
        bad = `「${col.name}」不是数字：${raw}`;
        break;
      }
      v[col.name] = raw;
    }
    if (bad) {
      refuse(bad);
      continue;
    }
    taken.add(employee.id);
    values.push({ employeeId: employee.id, values: v });
  }
  return {
    result: { rowCount: sheet.rows.length, matched: values.length, columns: columns.map((c) => c.name), ignoredColumns: ignored, unmatched },
    values,
  };
}
