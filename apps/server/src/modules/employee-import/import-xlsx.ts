import ExcelJS from 'exceljs';
import { badRequest } from '../../platform/errors.ts';
import { openXlsxSheet } from '../../platform/spreadsheet/index.ts';
import type { ImportField } from './import-fields.ts';

/** The import workbook: the template, reading an uploaded file, the file of rejected rows. */

export const IMPORT_MAX_ROWS = 20_000;
/** The standard fields and up to 200 custom ones. */
export const IMPORT_MAX_COLUMNS = 300;
export const DATA_SHEET = '员工信息';
export const MSG_EMPTY_FILE = '文件为空，请选择填写好的模板';
export const MSG_NOT_XLSX = '文件不是有效的 Excel（.xlsx）文件';
export const MSG_NO_HEADER = '文件第一行应为表头，请使用下载的模板填写';
export const MSG_NO_ROWS = '文件中没有数据行，请填写后再上传';
export const MSG_TOO_MANY_ROWS = `数据行数超过单次导入上限 ${IMPORT_MAX_ROWS} 行，请分批导入`;
export const MSG_TOO_MANY_COLUMNS = `列数超过上限 ${IMPORT_MAX_COLUMNS} 列，请删除多余的列后再上传`;
export const ERROR_COLUMN = '错误原因';

const TEMPLATE_ROWS = 1000;

function columnLetter(n: number): string {
  let s = '';
  for (let x = n; x > 0; x = Math.floor((x - 1) / 26)) s = String.fromCharCode(65 + ((x - 1) % 26)) + s;
  return s;
}

/** The template: one column per field (required marked *), dropdowns of the labels, a notes sheet. */
export async function buildImportTemplate(fields: readonly ImportField[], example: Record<string, string>): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'wfsaas';
  const sheet = wb.addWorksheet(DATA_SHEET, { views: [{ state: 'frozen', ySplit: 1 }] });
  const lists = wb.addWorksheet('选项', { state: 'hidden' });
  sheet.columns = fields.map((f) => ({ header: f.required ? `*${f.label}` : f.label, key: f.key, width: Math.max(12, f.label.length * 2 + 4) }));
  const header = sheet.getRow(1);
  header.font = { bold: true };
  header.eachCell((cell, col) => {
    const f = fields[col - 1]!;
    cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: f.required ? 'FFFFE7BA' : 'FFE6F4FF' } };
    if (f.required) cell.font = { bold: true, color: { argb: 'FFCF1322' } };
  });
  let listCol = 0;
  fields.forEach((f, i) => {
    const col = i + 1;
    if (f.options && f.options.length > 0) {
      listCol++;
      const letter = columnLetter(listCol);
      lists.getCell(1, listCol).value = f.label;
      f.options.forEach((o, j) => (lists.getCell(j + 2, listCol).value = o));
      const formula = `'选项'!$${letter}$2:$${letter}$${f.options.length + 1}`;
      const multi = f.widget?.type === 'multiSelect' || f.widget?.type === 'checkbox';
      for (let r = 2; r <= TEMPLATE_ROWS + 1; r++) {
        sheet.getCell(r, col).dataValidation = {
          type: 'list',
          allowBlank: !f.required,
          formulae: [formula],
          showErrorMessage: !multi,
          errorStyle: 'stop',
          error: `请从下拉选项中选择${f.label}`,
        };
      }
    } else if (f.kind === 'text' || f.kind === 'date' || f.kind === 'department' || f.kind === 'custom') {
      for (let r = 2; r <= TEMPLATE_ROWS + 1; r++) sheet.getCell(r, col).numFmt = '@';
    }
  });
  sheet.addRow(fields.map((f) => example[f.key] ?? ''));
  sheet.getRow(2).font = { color: { argb: 'FF8C8C8C' }, italic: true };

  const notes = wb.addWorksheet('填写说明');
  notes.columns = [
    { header: '字段', key: 'label', width: 18 },
    { header: '是否必填', key: 'req', width: 10 },
    { header: '说明', key: 'note', width: 80 },
  ];
  notes.getRow(1).font = { bold: true };
  for (const f of fields) {
    const options = f.options && f.options.length > 0 && f.options.length <= 20 ? `可选：${f.options.join('、')}` : '';
    notes.addRow([f.label, f.required ? '必填' : '选填', [f.note, options].filter(Boolean).join('；')]);
  }
  notes.addRow([]);
  notes.addRow(['', '', '第二行为示例，导入前请删除。表头带 * 的列必填；表头名称与系统字段一致时自动匹配，也可在上传后手动调整。']);
  notes.addRow(['', '', `单次最多导入 ${IMPORT_MAX_ROWS} 行；工号或证件号码与现有员工相同时更新该员工，否则新增。`]);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

export type ParsedSheet = { headers: string[]; rows: { rowNo: number; cells: string[] }[] };

/** The first sheet of an uploaded workbook: one header row, then data rows (blank rows skipped). */
export async function readImportWorkbook(data: Buffer): Promise<ParsedSheet> {
  if (data.length === 0) throw badRequest(MSG_EMPTY_FILE);
  const sheet = await openXlsxSheet(data, {
    limits: { maxRows: IMPORT_MAX_ROWS + 1, maxColumns: IMPORT_MAX_COLUMNS },
    messages: { notXlsx: MSG_NOT_XLSX, tooManyRows: MSG_TOO_MANY_ROWS, tooManyColumns: MSG_TOO_MANY_COLUMNS },
  });
  let headers: string[] | null = null;
  const rows: ParsedSheet['rows'] = [];
  for await (const row of sheet.rows()) {
    if (headers === null) {
      if (row.rowNo !== 1) break;
      headers = row.cells.map((c) => c.replace(/\s+/g, ' ').trim());
      continue;
    }
    const cells = headers.map((_, i) => row.cells[i] ?? '');
    if (cells.every((v) => v === '')) continue;
    if (rows.length === IMPORT_MAX_ROWS) throw badRequest(MSG_TOO_MANY_ROWS);
    rows.push({ rowNo: row.rowNo, cells });
  }
  if (headers === null) throw badRequest(MSG_NO_HEADER);
  if (rows.length === 0) throw badRequest(MSG_NO_ROWS);
  return { headers, rows };
}

/** The rejected rows with their original columns and the reasons. */
export async function buildErrorWorkbook(headers: readonly string[], rows: AsyncIterable<{ cells: string[]; reason: string }>): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'wfsaas';
  const sheet = wb.addWorksheet(DATA_SHEET, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = [...headers.map((h) => ({ header: h, width: Math.max(12, h.length * 2 + 4) })), { header: ERROR_COLUMN, width: 60 }];
  sheet.getRow(1).font = { bold: true };
  sheet.getCell(1, headers.length + 1).font = { bold: true, color: { argb: 'FFCF1322' } };
  for await (const r of rows) {
    const row = sheet.addRow([...headers.map((_, i) => r.cells[i] ?? ''), r.reason]);
    row.getCell(headers.length + 1).font = { color: { argb: 'FFCF1322' } };
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}
