import { DECLARATION_COLUMNS, RUN_STATUS, SHEET_EXPORT_COLUMNS, TAX_RULE, type BankFileLayoutKey } from '@wfsaas/contracts';
import { PayrollDecimal } from '@wfsaas/payroll';
import type { PersonalDataCipher } from '../../platform/crypto.ts';
import type { StoredSalaryItem } from '../../db/schema/index.ts';
import type { Executor } from '../../platform/db.ts';
import { registerExportHandler, registerFileExportHandler, sheetCaughtUp, type ExportContext, type XlsxWriter } from '../../platform/files/index.ts';
import { payerForBankFile } from '../implement/index.ts';
import { bankFileTable, bankLayoutSpec, bankTextFile, type BankPayee, type BankPayer } from './payroll-bank-layouts.ts';
import { monthBounds } from './payroll-calendar.ts';
import { listOpenings } from './payroll-opening.queries.ts';
import * as rq from './payroll-results.queries.ts';
import * as q from './payroll.queries.ts';

/**
 * The payroll files of 下载中心, each an export job: the bank transfer file of a submitted sheet, the
 * month's 正常工资薪金所得 declaration file and a run's payroll sheet (工资表明细). The request checked
 * the run or month and the caller's permissions; the job reads the figures as they are when it runs
 * and fails with a Chinese reason when the run can no longer be exported.
 */

export const BANK_FILE_EXPORT_JOB = 'payroll.bankFileExport';
/** The banks' text and CSV layouts: the same payees, written whole in the bank's encoding. */
export const BANK_TEXT_FILE_EXPORT_JOB = 'payroll.bankFileExport.txt';
export const BANK_CSV_FILE_EXPORT_JOB = 'payroll.bankFileExport.csv';
export const DECLARATION_EXPORT_JOB = 'payroll.declarationExport';
export const SHEET_EXPORT_JOB = 'payroll.sheetExport';

export type BankFileExportParams = { runId: number; layout?: BankFileLayoutKey; accountId?: number | null };
export type DeclarationExportParams = { month: string };
export type SheetExportParams = { runId: number };

type Dec = InstanceType<typeof PayrollDecimal>;
type Cell = string | number | null;

const SHEET_BATCH = 500;
const PROGRESS_EVERY = 500;

export const MSG_SHEET_NOT_SUBMITTED = '工资表尚未提交，没有发放记录';

/** Runs whose wages a month's declaration covers: locked or submitted, taxed as 工资薪金. */
export async function listDeclarableRuns(exec: Executor, companyId: number, year: number): Promise<q.RunRow[]> {
  return (await q.listRunsOfYear(exec, companyId, year)).filter((r) => (r.status === RUN_STATUS.locked || r.status === RUN_STATUS.submitted) && r.config?.taxRule === TAX_RULE.wages);
}

export function declarationRefusal(month: string): string {
  return `${month}没有已锁定或已提交的工资薪金，无法生成申报表`;
}

/** Why a run's payroll sheet cannot be exported now, or null: it must be calculated, locked or submitted. */
export function sheetExportRefusal(status: number): string | null {
  if (status === RUN_STATUS.calculated || status === RUN_STATUS.locked || status === RUN_STATUS.submitted) return null;
  if (status === RUN_STATUS.calculating) return '薪资正在计算中，请计算完成后再导出工资表';
  return '薪资批次还没有计算完成，请先计算薪资再导出工资表';
}

/** Writes one plain sheet (bold header, columns 16 wide), committing rows as it goes and reporting progress. */
async function writePlainSheet(ctx: ExportContext<unknown>, writer: XlsxWriter, sheetName: string, header: readonly string[], rows: Cell[][]): Promise<void> {
  const sheet = writer.addWorksheet(sheetName);
  sheet.columns = header.map((h) => ({ header: h, width: 16 }));
  sheet.getRow(1).font = { bold: true };
  await ctx.progress(0, rows.length);
  let done = 0;
  for (const r of rows) {
    sheet.addRow(r).commit();
    done += 1;
    if (done % PROGRESS_EVERY === 0) {
      await sheetCaughtUp(sheet);
      await ctx.progress(done, rows.length);
    }
  }
  await ctx.progress(rows.length, rows.length);
  sheet.commit();
}

// ── Bank transfer file ──

/** Everyone paid by a submitted run (errors excluded), with the full account number. */
async function bankPayees(exec: Executor, companyId: number, cipher: PersonalDataCipher, runId: number): Promise<BankPayee[]> {
  const run = await q.findRun(exec, companyId, runId);
  if (!run) throw new Error('薪资批次不存在或已删除');
  if (run.status !== RUN_STATUS.submitted) throw new Error(MSG_SHEET_NOT_SUBMITTED);
  const { first, last } = monthBounds(run.month);
  const results = (await rq.listResults(exec, companyId, run.id)).filter((r) => !r.error);
  const employees = new Map((await q.listEmployeesEmployedIn(exec, companyId, first, last, results.map((r) => r.employeeId))).map((e) => [e.id, e]));
  return results.map((r) => {
    const e = employees.get(r.employeeId);
    const account = e?.bankAccountEnc ? cipher.decrypt(e.bankAccountEnc) : '';
    return { employeeNo: r.employeeNo ?? '', name: r.name, bankName: e?.bankName ?? '', account, amount: new PayrollDecimal(r.net) };
  });
}

/** The payees and the paying account (when one was chosen), as the job reads them. */
async function bankFileInputs(ctx: ExportContext<BankFileExportParams>): Promise<{ payees: BankPayee[]; payer: BankPayer | null }> {
  const { companyId } = ctx.job;
  const { database, cipher } = ctx.services;
  const { runId, accountId } = ctx.job.payload;
  return database.inTenant(companyId, async (tx) => {
    const payees = await bankPayees(tx, companyId, cipher, runId);
    const payer = accountId ? await payerForBankFile(tx, companyId, cipher, accountId) : null;
    if (accountId && !payer) throw new Error('付款账户已删除，请重新导出');
    return { payees, payer };
  });
}

/** The bank file in the chosen xlsx layout: the summary rows, the bold headers, a row per payee and the closing row. */
async function writeBankFile(ctx: ExportContext<BankFileExportParams>, writer: XlsxWriter, payees: BankPayee[], payer: BankPayer | null): Promise<void> {
  const spec = bankLayoutSpec(ctx.job.payload.layout ?? 'generic');
  const table = bankFileTable(spec, payees, payer);
  const headerAt = table.preamble.length + 1;
  const sheet = writer.addWorksheet(spec.key === 'generic' ? '银行代发' : `${spec.label}代发`, { views: [{ state: 'frozen', ySplit: headerAt }] });
  sheet.columns = spec.columns.map((c) => ({
    width: c.field === 'account' ? 24 : c.field === 'name' || c.field === 'bankName' ? 18 : 14,
    style: c.field === 'amount' ? { numFmt: spec.key === 'generic' ? '#,##0.00' : '0.00' } : c.field === 'account' ? { numFmt: '@' } : {},
  }));
  for (const r of table.preamble) sheet.addRow(r).commit();
  if (table.header) {
    const h = sheet.addRow(table.header);
    h.font = { bold: true };
    h.commit();
  }
  await ctx.progress(0, payees.length);
  for (const [i, r] of table.rows.entries()) {
    sheet.addRow(r).commit();
    if ((i + 1) % PROGRESS_EVERY === 0) {
      await sheetCaughtUp(sheet);
      await ctx.progress(i + 1, payees.length);
    }
  }
  if (table.footer) {
    const footer = sheet.addRow(table.footer);
    footer.font = { bold: true };
    footer.commit();
  }
  await ctx.progress(payees.length, payees.length);
  sheet.commit();
}

// ── Declaration file ──

const ID_TYPE_NAMES: Record<number, string> = { 1: '居民身份证', 2: '护照', 3: '港澳居民来往内地通行证' };

/** The month's 正常工资薪金所得 rows: current-month figures and the year's cumulative deductions per kind. */
async function declarationRows(exec: Executor, companyId: number, cipher: PersonalDataCipher, month: string): Promise<Cell[][]> {
  const year = Number(month.slice(0, 4));
  const runs = (await listDeclarableRuns(exec, companyId, year)).filter((r) => r.month <= month);
  if (!runs.some((r) => r.month === month)) throw new Error(declarationRefusal(month));
  type Acc = { income: Dec; taxFree: Dec; pension: Dec; medical: Dec; unemployment: Dec; housingFund: Dec };
  const zero = () => new PayrollDecimal(0);
  const now = new Map<number, Acc>();
  const cumulative = new Map<number, Record<string, Dec>>();
  // 期初累计数据 that the month continues from: its deductions per kind open the employee's sums, and
  // the months it covers are not counted again.
  const monthNumber = Number(month.slice(5, 7));
  const openings = new Map((await listOpenings(exec, companyId, year)).filter((o) => o.throughMonth < monthNumber).map((o) => [Number(o.employeeId), o]));
  for (const [employeeId, o] of openings) cumulative.set(employeeId, Object.fromEntries(Object.entries(o.deductions).map(([k, v]) => [k, new PayrollDecimal(v)])));
  for (const run of runs) {
    const runMonth = Number(run.month.slice(5, 7));
    for (const r of await rq.listResults(exec, companyId, run.id)) {
      if (r.error) continue;
      const opening = openings.get(r.employeeId);
      if (opening && runMonth <= opening.throughMonth) continue;
      const kinds = cumulative.get(r.employeeId) ?? {};
      for (const [k, v] of Object.entries(r.taxDetail.deductions)) kinds[k] = (kinds[k] ?? zero()).plus(v);
      cumulative.set(r.employeeId, kinds);
      if (run.month !== month) continue;
      const a = now.get(r.employeeId) ?? { income: zero(), taxFree: zero(), pension: zero(), medical: zero(), unemployment: zero(), housingFund: zero() };
      a.income = a.income.plus(r.taxableIncome);
      a.taxFree = a.taxFree.plus(r.taxDetail.taxFreeIncome);
      for (const line of r.contributions) {
        if (line.key === 'pension') a.pension = a.pension.plus(line.employee);
        else if (line.key === 'medical' || line.key === 'maternity') a.medical = a.medical.plus(line.employee);
        else if (line.key === 'unemployment') a.unemployment = a.unemployment.plus(line.employee);
        else if (line.key === 'housingFund') a.housingFund = a.housingFund.plus(line.employee);
      }
      now.set(r.employeeId, a);
    }
  }
  const { first, last } = monthBounds(month);
  const employees = new Map((await q.listEmployeesEmployedIn(exec, companyId, first, last, [...now.keys()])).map((e) => [e.id, e]));
  const rows: Cell[][] = [];
  for (const [employeeId, a] of [...now.entries()].sort((x, y) => x[0] - y[0])) {
    const e = employees.get(employeeId);
    const k = cumulative.get(employeeId) ?? {};
    const cum = (key: string) => (k[key] ?? zero()).toFixed(2);
    rows.push([
      e?.employeeNo ?? '',
      e?.name ?? '',
      e?.idType ? (ID_TYPE_NAMES[e.idType] ?? '') : '',
      e?.idNumberEnc ? cipher.decrypt(e.idNumberEnc) : '',
      a.income.toFixed(2),
      a.taxFree.toFixed(2),
      a.pension.toFixed(2),
      a.medical.toFixed(2),
      a.unemployment.toFixed(2),
      a.housingFund.toFixed(2),
      cum('childEducation'),
      cum('continuingEducation'),
      cum('housingLoanInterest'),
      cum('housingRent'),
      cum('elderlySupport'),
      cum('infantCare'),
      cum('personalPension'),
      '0.00',
      '0.00',
      '0.00',
      '0.00',
      '0.00',
      '0.00',
      '',
    ]);
  }
  return rows;
}

// ── Payroll sheet ──

/** System items that are amounts of money (the day counts are not). */
const MONEY_SYSTEM_KEYS: ReadonlySet<string> = new Set(['siEmployee', 'hfEmployee', 'siEmployer', 'hfEmployer', 'contributionEmployee', 'tax']);

/** An amount of money, summed on the 合计 row: an item shown as 应发, 扣除 or 实发, or a contribution or tax. */
export function isMoneyItem(item: Pick<StoredSalaryItem, 'category' | 'systemKey'>): boolean {
  return item.category === 'income' || item.category === 'deduction' || item.category === 'net' || (item.systemKey !== undefined && MONEY_SYSTEM_KEYS.has(item.systemKey));
}

/** Excel number format of an item: its decimals, with thousands separators for money. */
export function itemNumFmt(item: Pick<StoredSalaryItem, 'category' | 'systemKey' | 'decimals'>): string {
  const places = item.decimals ?? 2;
  const fraction = places > 0 ? `.${'0'.repeat(places)}` : '';
  return isMoneyItem(item) ? `#,##0${fraction}` : `0${fraction}`;
}

/** A stored value as a spreadsheet number; an empty value stays empty, a value that is not a number stays text. */
function cellNumber(v: string | undefined): Cell {
  if (v === undefined || v.trim() === '') return null;
  const n = Number(v);
  return Number.isFinite(n) ? n : v;
}

async function writePayrollSheet(ctx: ExportContext<SheetExportParams>, writer: XlsxWriter): Promise<void> {
  const { companyId } = ctx.job;
  const { database } = ctx.services;
  const { runId } = ctx.job.payload;
  const prep = await database.inTenant(companyId, async (tx) => {
    const run = await q.findRun(tx, companyId, runId);
    if (!run) throw new Error('薪资批次不存在或已删除');
    const refusal = sheetExportRefusal(run.status);
    if (refusal) throw new Error(refusal);
    const config = run.config ?? (await q.findGroup(tx, companyId, run.groupId))?.config;
    if (!config) throw new Error('薪资组不存在或已删除');
    return { items: config.items, counts: await rq.countResults(tx, companyId, run.id) };
  });
  const { items, counts } = prep;
  const withErrors = counts.errors > 0;
  await ctx.progress(0, counts.total);

  const sheet = writer.addWorksheet('工资表明细', { views: [{ state: 'frozen', xSplit: 2, ySplit: 1 }] });
  sheet.columns = [
    { header: SHEET_EXPORT_COLUMNS.leading[0], width: 14 },
    { header: SHEET_EXPORT_COLUMNS.leading[1], width: 12 },
    { header: SHEET_EXPORT_COLUMNS.leading[2], width: 18 },
    ...items.map((i) => ({ header: i.name, width: Math.max(12, i.name.length * 2 + 4), style: { numFmt: itemNumFmt(i) } })),
    ...(withErrors ? [{ header: SHEET_EXPORT_COLUMNS.error, width: 48 }] : []),
  ];
  sheet.getRow(1).font = { bold: true };

  const totals = items.map((i) => (isMoneyItem(i) ? new PayrollDecimal(0) : null));
  let after = 0;
  let done = 0;
  for (;;) {
    const batch = await database.inTenant(companyId, (tx) => rq.listSheetExportBatch(tx, companyId, runId, after, SHEET_BATCH));
    for (const r of batch) {
      const values = items.map((i, n) => {
        const v = r.values[i.name];
        const total = totals[n];
        if (total && v !== undefined && v.trim() !== '' && Number.isFinite(Number(v))) totals[n] = total.plus(v);
        return cellNumber(v);
      });
      sheet.addRow([r.employeeNo, r.name, r.departmentName, ...values, ...(withErrors ? [r.error] : [])]).commit();
    }
    done += batch.length;
    await sheetCaughtUp(sheet);
    await ctx.progress(done, Math.max(done, counts.total));
    if (batch.length < SHEET_BATCH) break;
    after = batch[batch.length - 1]!.employeeId;
  }
  const totalRow = sheet.addRow([SHEET_EXPORT_COLUMNS.totals, null, null, ...totals.map((t) => (t ? t.toNumber() : null))]);
  totalRow.font = { bold: true };
  totalRow.commit();
  sheet.commit();
}

/** Registers the payroll export jobs. */
export function registerPayrollExports(): void {
  registerExportHandler<BankFileExportParams>(BANK_FILE_EXPORT_JOB, async (ctx, writer) => {
    const { payees, payer } = await bankFileInputs(ctx);
    await writeBankFile(ctx, writer, payees, payer);
  });
  const textFile = async (ctx: ExportContext<BankFileExportParams>) => {
    const { payees, payer } = await bankFileInputs(ctx);
    const spec = bankLayoutSpec(ctx.job.payload.layout ?? 'generic');
    const body = bankTextFile(spec, bankFileTable(spec, payees, payer));
    await ctx.progress(payees.length, payees.length);
    return body;
  };
  registerFileExportHandler<BankFileExportParams>(BANK_TEXT_FILE_EXPORT_JOB, { ext: 'txt', mime: 'text/plain' }, textFile);
  registerFileExportHandler<BankFileExportParams>(BANK_CSV_FILE_EXPORT_JOB, { ext: 'csv', mime: 'text/csv' }, textFile);
  registerExportHandler<DeclarationExportParams>(DECLARATION_EXPORT_JOB, async (ctx, writer) => {
    const { companyId } = ctx.job;
    const { database, cipher } = ctx.services;
    const rows = await database.inTenant(companyId, (tx) => declarationRows(tx, companyId, cipher, ctx.job.payload.month));
    await writePlainSheet(ctx, writer, '正常工资薪金所得', DECLARATION_COLUMNS, rows);
  });
  registerExportHandler<SheetExportParams>(SHEET_EXPORT_JOB, writePayrollSheet);
}
