import Decimal from 'decimal.js';
import {
  PAYSLIP_MAX_COLUMNS,
  PAYSLIP_MAX_ROWS,
  type ColumnGroup,
  type IdentityColumn,
  type IdentityKind,
  type PayslipColumn,
  type SysTableHeader,
} from '@wfsaas/contracts';
import { badRequest } from '../../platform/errors.ts';
import { openXlsxSheet, type SheetMerge, type XlsxSheet } from '../../platform/spreadsheet/index.ts';

/** Reading an uploaded payroll sheet: header rows (one, or two under merged cells), identity columns, data rows. */

export const MSG_EMPTY_FILE = '文件为空，请选择填写好的工资表';
export const MSG_NOT_XLSX = '文件不是有效的 Excel（.xlsx）文件，请另存为 .xlsx 后再上传';
export const MSG_NO_HEADER = '未找到表头，工资表第一行应为表头';
export const MSG_NO_ROWS = '工资表中没有数据行，请填写后再上传';
export const MSG_TOO_MANY_ROWS = `数据行数超过单次上限 ${PAYSLIP_MAX_ROWS} 行，请拆分后分批导入`;
export const MSG_TOO_MANY_COLUMNS = `表格列数超过上限 ${PAYSLIP_MAX_COLUMNS} 列，请删除多余的列后再上传`;

/** Known payroll item names and their group (sys-table-header). */
export const SYS_TABLE_HEADERS: SysTableHeader[] = [
  ...['基本工资', '岗位工资', '绩效', '绩效工资', '奖金', '加班费', '补贴', '津贴', '应发工资', '应发合计'].map((label) => ({ label, group: 'income' as const })),
  ...['养老保险', '医疗保险', '失业保险', '住房公积金', '公积金', '个人所得税', '个税', '扣款', '扣款合计', '社保合计'].map((label) => ({ label, group: 'deduction' as const })),
  ...['实发工资', '实发金额', '实发合计'].map((label) => ({ label, group: 'net' as const })),
  ...['部门', '岗位', '职位', '入职日期', '出勤天数'].map((label) => ({ label, group: 'info' as const })),
];
const GROUP_BY_LABEL = new Map(SYS_TABLE_HEADERS.map((h) => [h.label, h.group]));

const IDENTITY_LABELS: Record<string, IdentityKind> = {
  姓名: 'name',
  员工姓名: 'name',
  手机号: 'mobile',
  手机: 'mobile',
  手机号码: 'mobile',
  证件号码: 'idNumber',
  证件号: 'idNumber',
  身份证号: 'idNumber',
  身份证号码: 'idNumber',
  身份证: 'idNumber',
  工号: 'employeeNo',
  员工编号: 'employeeNo',
  员工工号: 'employeeNo',
};

const cleanLabel = (s: string) => s.replace(/\s+/g, '').replace(/^\*/, '');

export type ParsedPayslipSheet = {
  headerRows: 1 | 2;
  labels: string[];
  rows: { rowNo: number; cells: string[] }[];
};

/** Two header rows when a merged cell of the top row spans columns, or a top-row label spans both rows. */
function detectHeaderRows(merges: readonly SheetMerge[]): 1 | 2 {
  return merges.some((m) => m.top === 1 && (m.right > m.left || m.bottom >= 2)) ? 2 : 1;
}

/** The first visible sheet holding a value (else the first), within the row and column caps. */
export async function openPayslipSheet(data: Buffer): Promise<XlsxSheet> {
  if (data.length === 0) throw badRequest(MSG_EMPTY_FILE);
  return openXlsxSheet(data, {
    sheet: 'firstVisibleWithData',
    limits: { maxRows: PAYSLIP_MAX_ROWS + 2, maxColumns: PAYSLIP_MAX_COLUMNS },
    messages: { notXlsx: MSG_NOT_XLSX, tooManyRows: MSG_TOO_MANY_ROWS, tooManyColumns: MSG_TOO_MANY_COLUMNS },
  });
}

/** The header labels: one row, or two where a merged upper label becomes "上级/下级". */
function headerLabels(merges: readonly SheetMerge[], headerRows: 1 | 2, top: readonly string[], second: readonly string[]): string[] {
  const width = Math.max(top.length, headerRows === 2 ? second.length : 0);
  const isMergedDown = (col: number) => merges.some((m) => m.top === 1 && m.bottom >= 2 && col >= m.left && col <= m.right);
  const labels: string[] = [];
  for (let c = 1; c <= width; c++) {
    // the reader gives every cell of a merged range its top-left cell's text
    const upper = cleanLabel(top[c - 1] ?? '');
    if (headerRows === 1) {
      labels.push(upper);
      continue;
    }
    const lower = isMergedDown(c) ? '' : cleanLabel(second[c - 1] ?? '');
    labels.push(upper && lower && upper !== lower ? `${upper}/${lower}` : upper || lower);
  }
  while (labels.length > 0 && labels[labels.length - 1] === '') labels.pop();
  if (labels.length === 0) throw badRequest(MSG_NO_HEADER);
  labels.forEach((l, i) => {
    if (!l) labels[i] = `第${i + 1}列`;
  });
  return labels;
}

/**
 * The first visible sheet: its header (one or two rows; merged labels become "上级/下级") and its
 * data rows as display strings, blank rows dropped.
 */
export async function readPayslipSheet(data: Buffer, asked?: 1 | 2): Promise<ParsedPayslipSheet> {
  const sheet = await openPayslipSheet(data);
  const headerRows = asked ?? detectHeaderRows(sheet.merges);
  const header: string[][] = [[], []];
  let labels: string[] | null = null;
  const rows: ParsedPayslipSheet['rows'] = [];
  for await (const row of sheet.rows()) {
    if (row.rowNo <= headerRows) {
      header[row.rowNo - 1] = row.cells;
      continue;
    }
    labels ??= headerLabels(sheet.merges, headerRows, header[0]!, header[1]!);
    const cells = labels.map((_, i) => row.cells[i] ?? '');
    if (cells.every((v) => v === '')) continue;
    if (rows.length === PAYSLIP_MAX_ROWS) throw badRequest(MSG_TOO_MANY_ROWS);
    rows.push({ rowNo: row.rowNo, cells });
  }
  labels ??= headerLabels(sheet.merges, headerRows, header[0]!, header[1]!);
  if (rows.length === 0) throw badRequest(MSG_NO_ROWS);
  return { headerRows, labels, rows };
}

function lastPart(label: string): string {
  const parts = label.split('/');
  return parts[parts.length - 1]!;
}

/** The identity columns a sheet's labels show (name first). */
export function detectIdentity(labels: readonly string[]): IdentityColumn[] {
  const found: IdentityColumn[] = [];
  labels.forEach((label, index) => {
    const kind = IDENTITY_LABELS[lastPart(label)];
    if (kind && !found.some((f) => f.kind === kind)) found.push({ index, kind });
  });
  return found.sort((a, b) => (a.kind === 'name' ? -1 : b.kind === 'name' ? 1 : a.index - b.index));
}

/** The group a label suggests: its own name, else its upper label's, else 其他. */
export function suggestGroup(label: string): ColumnGroup {
  const parts = label.split('/');
  for (let i = parts.length - 1; i >= 0; i--) {
    const g = GROUP_BY_LABEL.get(parts[i]!);
    if (g) return g;
  }
  if (/扣|税|保险|公积金/.test(label)) return 'deduction';
  if (/实发/.test(label)) return 'net';
  if (/工资|奖|补|津贴|提成/.test(label)) return 'income';
  return 'other';
}

export function suggestColumns(labels: readonly string[], identity: readonly IdentityColumn[]): PayslipColumn[] {
  const idIndexes = new Set(identity.map((i) => i.index));
  return labels.map((label, index) => {
    const isIdentity = idIndexes.has(index);
    return { index, label: label.slice(0, 60), group: isIdentity ? 'info' : suggestGroup(label), show: !isIdentity };
  });
}

const MONEY_GROUPS = new Set<ColumnGroup>(['income', 'deduction', 'net']);

/** A money cell as "1234.50" (numbers written as text accepted, thousands separators dropped); other text as it is. */
export function displayValue(raw: string, group: ColumnGroup): string {
  const v = raw.trim();
  if (!v || !MONEY_GROUPS.has(group)) return v;
  const plain = v.replace(/[,，\s¥￥]/g, '');
  if (!/^-?\d+(\.\d+)?$/.test(plain)) return v;
  return new Decimal(plain).toFixed(2);
}

/** Whether a shown value counts as empty for "hide empty and zero items". */
export function isEmptyValue(v: string): boolean {
  if (v.trim() === '') return true;
  return /^-?0+(\.0+)?$/.test(v.trim());
}
