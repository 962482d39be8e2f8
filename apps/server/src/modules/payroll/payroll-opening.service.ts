import {
  DEDUCTION_KINDS,
  maskId,
  normalizeIdNumber,
  OPENING_AMOUNTS,
  OPENING_COLUMNS,
  OPENING_TAIL_AMOUNTS,
  type DeductionKind,
  type OpeningImportError,
  type OpeningImportResult,
  type OpeningView,
} from '@wfsaas/contracts';
import { addMoney, type OpeningBalance } from '@wfsaas/payroll';
import ExcelJS from 'exceljs';
import { badRequest } from '../../platform/errors.ts';
import { Paged, type ServiceCtx } from '../../platform/http.ts';
import type { AppServices } from '../../platform/services.ts';
import type { ParsedDataSheet } from './payroll-import.ts';
import * as oq from './payroll-opening.queries.ts';
import * as q from './payroll.queries.ts';

/** A plain amount: digits with at most two decimals, at most 12 integer digits (thousands separators allowed in the file). */
const AMOUNT = /^\d{1,12}(\.\d{1,2})?$/;
const ADDITIONAL_KINDS = DEDUCTION_KINDS.filter((k) => k.key !== 'personalPension').map((k) => k.key);

const money = (v: string | null | undefined) => (v === null || v === undefined ? '0.00' : addMoney(v, '0'));

function view(r: Awaited<ReturnType<typeof oq.pageOpenings>>['rows'][number]): OpeningView {
  const o = r.opening;
  const deductions: OpeningView['deductions'] = {};
  for (const k of DEDUCTION_KINDS) if (o.deductions[k.key]) deductions[k.key] = money(o.deductions[k.key]);
  return {
    employeeId: Number(o.employeeId),
    employeeNo: r.employeeNo,
    name: r.name,
    departmentName: r.departmentName,
    throughMonth: o.throughMonth,
    income: money(o.income),
    taxFreeIncome: money(o.taxFreeIncome),
    basicDeduction: money(o.basicDeduction),
    specialDeduction: money(o.specialDeduction),
    deductions,
    otherDeduction: money(o.otherDeduction),
    taxRelief: money(o.taxRelief),
    taxWithheld: money(o.taxWithheld),
    origin: o.origin,
    updatedAt: o.updatedAt.toISOString(),
  };
}

export async function pageOpenings(c: ServiceCtx, f: { year: number; keyword?: string; pageNum: number; pageSize: number }): Promise<Paged<OpeningView>> {
  const { rows, total } = await oq.pageOpenings(c.tx, c.companyId, f.year, f.keyword, f.pageNum, f.pageSize);
  return new Paged(rows.map(view), f.pageNum, f.pageSize, total);
}

/** The engine's opening balance of a stored row: the additional deductions summed, the personal pension with the other deductions. */
export function toOpeningBalance(o: oq.OpeningRow): OpeningBalance {
  let additional = '0.00';
  for (const k of ADDITIONAL_KINDS) if (o.deductions[k]) additional = addMoney(additional, o.deductions[k]);
  return {
    throughMonth: o.throughMonth,
    income: money(o.income),
    taxFreeIncome: money(o.taxFreeIncome),
    basicDeduction: money(o.basicDeduction),
    specialDeduction: money(o.specialDeduction),
    additionalDeduction: additional,
    otherDeduction: addMoney(money(o.otherDeduction), o.deductions.personalPension ?? '0'),
    taxRelief: money(o.taxRelief),
    taxWithheld: money(o.taxWithheld),
  };
}

export async function openingTemplate(year: number): Promise<{ fileName: string; body: Buffer }> {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'wfsaas';
  const ws = wb.addWorksheet('期初累计数据', { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.columns = OPENING_COLUMNS.map((col) => ({ header: col.header, width: Math.max(12, col.header.length * 2 + 4) }));
  ws.getRow(1).font = { bold: true };
  ws.getColumn(1).numFmt = '@';
  ws.getColumn(3).numFmt = '@';
  const notes = wb.addWorksheet('填写说明');
  notes.columns = [{ header: '说明', width: 100 }];
  notes.getRow(1).font = { bold: true };
  for (const line of [
    `填写${year}年在本公司已发放工资薪金的累计数据（可从原薪资系统或个人所得税扣缴客户端的预扣预缴表导出），系统从「截至月份」的下一个月起接着累计预扣。`,
    '按工号匹配员工，没有工号时按证件号码匹配；姓名须与员工档案一致。',
    '截至月份：1 至 11 的整数，例如填 6 表示数据截至 6 月（含）。',
    '金额不小于 0，最多两位小数，空白按 0 计。累计减除费用一般为 5000 × 在本公司任职的月份数（上年收入不超过6万元的员工为 60000）。',
    '累计其他扣除不含个人养老金，个人养老金请填在「累计个人养老金」列。',
    '再次导入同一员工同一年度的数据会覆盖原数据。已在本系统锁定的月份不能再由期初数据覆盖。',
  ]) {
    notes.addRow([line]);
  }
  return { fileName: `期初累计数据导入模板_${year}.xlsx`, body: Buffer.from(await wb.xlsx.writeBuffer()) };
}

type Roster = { byNo: Map<string, q.PayrollEmployee>; byHash: Map<string, q.PayrollEmployee> };
/** A row of the file as read: whom it names and its figures, with every problem found in it. */
type ReadRow = { name: string; key: string; employee?: q.PayrollEmployee; throughMonth: number; amounts: Record<string, string>; problems: string[] };
type Candidate = { rowNo: number; employee: q.PayrollEmployee; row: oq.OpeningInsert };

/** The year's roster by 工号 and by the keyed hash of the ID number. */
async function rosterOfYear(c: ServiceCtx, year: number): Promise<Roster> {
  const byNo = new Map<string, q.PayrollEmployee>();
  const byHash = new Map<string, q.PayrollEmployee>();
  for (const e of await q.listEmployeesEmployedIn(c.tx, c.companyId, `${year}-01-01`, `${year}-12-31`)) {
    if (e.employeeNo) byNo.set(e.employeeNo, e);
    if (e.idNumberHash) byHash.set(e.idNumberHash, e);
  }
  return { byNo, byHash };
}

/**
 * Reads one row: the employee it names (by 工号, else 证件号码; the name agreeing; once in the file),
 * then its month and amounts. `seen` holds the row number of each employee already named.
 */
function readOpeningRow(cell: (header: string) => string, rowNo: number, year: number, roster: Roster, lookupHash: (plain: string) => string, seen: Map<number, number>): ReadRow {
  const problems: string[] = [];
  const no = cell('工号');
  const idPlain = normalizeIdNumber(cell('证件号码'));
  const name = cell('姓名').replace(/\s+/g, '');
  const key = no || (idPlain ? maskId(idPlain) : '');
  let employee: q.PayrollEmployee | undefined;
  if (no) {
    employee = roster.byNo.get(no);
    if (!employee) problems.push(`工号${no}不是${year}年在职的员工`);
  } else if (idPlain) {
    employee = roster.byHash.get(lookupHash(idPlain));
    if (!employee) problems.push(`证件号码${maskId(idPlain)}不是${year}年在职的员工`);
  } else problems.push('工号和证件号码都为空，无法匹配员工');
  if (!name) problems.push('姓名为空');
  else if (employee && name !== employee.name) problems.push(`姓名与员工档案不一致（档案姓名：${employee.name}）`);
  if (employee) {
    const before = seen.get(employee.id);
    if (before !== undefined) problems.push(`与第${before}行是同一员工`);
    else seen.set(employee.id, rowNo);
  }
  return { name, key, employee, ...readOpeningFigures(cell, problems), problems };
}

/** A row's 截至月份 and amounts (blank is 0), each checked, and the checks between them; problems are added to `problems`. */
function readOpeningFigures(cell: (header: string) => string, problems: string[]): { throughMonth: number; amounts: Record<string, string> } {
  const monthText = cell('截至月份').replace(/月$/, '');
  const throughMonth = /^\d{1,2}$/.test(monthText) ? Number(monthText) : NaN;
  if (!(throughMonth >= 1 && throughMonth <= 11)) problems.push(`截至月份须为1到11的整数（收到：${monthText || '空'}）`);
  const amounts: Record<string, string> = {};
  for (const col of OPENING_COLUMNS.slice(4)) {
    const raw = cell(col.header).replace(/,/g, '');
    if (raw === '') {
      amounts[col.key] = '0.00';
      continue;
    }
    if (!AMOUNT.test(raw)) {
      problems.push(`${col.header}须为不小于0的金额（最多两位小数），收到：${raw.slice(0, 20)}`);
      continue;
    }
    amounts[col.key] = addMoney(raw, '0');
  }
  const basic = amounts.basicDeduction;
  if (basic !== undefined && throughMonth >= 1 && throughMonth <= 11) {
    const n = Number(basic);
    if (n % 5000 !== 0 || (n > 5000 * throughMonth && n !== 60000)) {
      problems.push(`累计减除费用须为5000×任职月份数（截至${throughMonth}月最多${5000 * throughMonth}），上年收入不超过6万元的员工为60000，收到：${basic}`);
    }
  }
  if (amounts.taxWithheld !== undefined && amounts.income !== undefined && Number(amounts.taxWithheld) > Number(amounts.income)) {
    problems.push(`累计已预缴税额（${amounts.taxWithheld}）大于累计收入额（${amounts.income}）`);
  }
  return { throughMonth, amounts };
}

/** The stored opening of a row without problems. */
function openingInsert(c: ServiceCtx, year: number, employeeId: number, read: Pick<ReadRow, 'throughMonth' | 'amounts'>, origin: string): oq.OpeningInsert {
  const deductions: Record<string, string> = {};
  for (const k of DEDUCTION_KINDS) if (read.amounts[k.key] !== '0.00') deductions[k.key as DeductionKind] = read.amounts[k.key]!;
  const amount = (key: (typeof OPENING_AMOUNTS)[number]['key'] | (typeof OPENING_TAIL_AMOUNTS)[number]['key']) => read.amounts[key]!;
  return {
    companyId: c.companyId,
    year,
    employeeId,
    throughMonth: read.throughMonth,
    income: amount('income'),
    taxFreeIncome: amount('taxFreeIncome'),
    basicDeduction: amount('basicDeduction'),
    specialDeduction: amount('specialDeduction'),
    deductions,
    otherDeduction: amount('otherDeduction'),
    taxRelief: amount('taxRelief'),
    taxWithheld: amount('taxWithheld'),
    origin,
    updatedBy: c.user.userId,
  };
}

/**
 * Imports a year's opening balances: each row matched to an employee on the roster that year (by 工号,
 * else 证件号码), its month and amounts checked; valid rows replace the employee's balance, rows with
 * a problem are answered with the reason and change nothing.
 */
export async function importOpenings(s: AppServices, c: ServiceCtx, year: number, upload: { fileName: string; sheet: ParsedDataSheet }): Promise<OpeningImportResult> {
  const { headers, rows } = upload.sheet;
  const index = new Map(headers.map((h, i) => [h, i]));
  const missing = OPENING_COLUMNS.filter((col) => col.required && !index.has(col.header)).map((col) => col.header);
  if (missing.length > 0) throw badRequest(`表头缺少：${missing.join('、')}（请使用期初累计数据导入模板）`);
  if (!index.has('工号') && !index.has('证件号码')) throw badRequest('表头须包含「工号」或「证件号码」列，用于匹配员工');
  const roster = await rosterOfYear(c, year);
  const lookupHash = (plain: string) => s.cipher.lookupHash(plain);
  const errors: OpeningImportError[] = [];
  const candidates: Candidate[] = [];
  const seen = new Map<number, number>();
  for (const r of rows) {
    const cell = (header: string) => {
      const i = index.get(header);
      return i === undefined ? '' : (r.cells[i] ?? '').trim();
    };
    const read = readOpeningRow(cell, r.rowNo, year, roster, lookupHash, seen);
    if (read.problems.length > 0 || !read.employee) errors.push({ rowNo: r.rowNo, name: read.name, key: read.key, reason: read.problems.join('；') });
    else candidates.push({ rowNo: r.rowNo, employee: read.employee, row: openingInsert(c, year, read.employee.id, read, upload.fileName) });
  }
  // A month already locked here would be counted twice: the opening must end before it.
  const locked = await oq.listFirstLockedWageMonths(c.tx, c.companyId, year, candidates.map((x) => x.employee.id));
  const accepted: oq.OpeningInsert[] = [];
  for (const x of candidates) {
    const first = locked.get(x.employee.id);
    if (first && Number(first.slice(5, 7)) <= x.row.throughMonth) {
      errors.push({ rowNo: x.rowNo, name: x.employee.name, key: x.employee.employeeNo ?? '', reason: `${first}的薪资已在本系统锁定，截至月份须早于${Number(first.slice(5, 7))}月` });
      continue;
    }
    accepted.push(x.row);
  }
  await oq.upsertOpenings(c.tx, accepted);
  errors.sort((a, b) => a.rowNo - b.rowNo);
  await c.audit({ action: 'payroll.opening.import', entity: 'payroll_opening', entityId: year, after: { file: upload.fileName, rows: rows.length, imported: accepted.length, errors: errors.length, employeeIds: accepted.map((r) => r.employeeId) } });
  return { rowCount: rows.length, imported: accepted.length, errors };
}

export async function removeOpenings(c: ServiceCtx, input: { year: number; employeeIds: number[] }): Promise<{ removed: number }> {
  const removed = await oq.deleteOpenings(c.tx, c.companyId, input.year, [...new Set(input.employeeIds)]);
  if (removed.length === 0) throw badRequest('所选员工没有该年度的期初累计数据');
  await c.audit({ action: 'payroll.opening.remove', entity: 'payroll_opening', entityId: input.year, before: removed.map((r) => ({ employeeId: r.employeeId, throughMonth: r.throughMonth, income: r.income, taxWithheld: r.taxWithheld })) });
  return { removed: removed.length };
}
