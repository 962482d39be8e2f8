import { Readable } from 'node:stream';
import {
  BANK_LAYOUT_SPECS,
  DECLARATION_STATUSES,
  RUN_STATUS,
  type BankFileLayoutKey,
  type DeclarationView,
  type PaymentView,
  type PayslipColumn,
  type PushPayslipResult,
  type RunResultView,
  type SheetView,
} from '@wfsaas/contracts';
import { PayrollDecimal } from '@wfsaas/payroll';
import ExcelJS from 'exceljs';
import { badRequest, forbidden, notFound } from '../../platform/errors.ts';
import { recordUpload, startExport, storeUpload } from '../../platform/files/index.ts';
import { Paged, type ServiceCtx } from '../../platform/http.ts';
import type { AppServices } from '../../platform/services.ts';
import { holdsKey } from '../employees/index.ts';
import { myExportDetail, type ExportView } from '../files/index.ts';
import { resolveBankFileChoice } from '../implement/index.ts';
import { addPayslipBatch } from '../payslips/index.ts';
import { MSG_LAYOUT_NEEDS_PAYER } from './payroll-bank-layouts.ts';
import { monthBounds } from './payroll-calendar.ts';
import {
  BANK_CSV_FILE_EXPORT_JOB,
  BANK_FILE_EXPORT_JOB,
  BANK_TEXT_FILE_EXPORT_JOB,
  declarationRefusal,
  DECLARATION_EXPORT_JOB,
  listDeclarableRuns,
  MSG_SHEET_NOT_SUBMITTED,
  SHEET_EXPORT_JOB,
  sheetExportRefusal,
  type BankFileExportParams,
  type DeclarationExportParams,
  type SheetExportParams,
} from './payroll-exports.ts';
import { resultItemColumns } from './payroll-pay.ts';
import { loadRun, runView } from './payroll-runs.service.ts';
import * as rq from './payroll-results.queries.ts';
import * as q from './payroll.queries.ts';

/** Files with full account and ID numbers need the permission to view sensitive data as well. */
async function requireSensitive(c: ServiceCtx, what: string): Promise<void> {
  if (!(await holdsKey(c, 'sensitive.view'))) throw forbidden(`${what}含完整的证件号码或银行账号，需要「查看敏感信息」权限，请联系管理员`);
}

/**
 * Puts a payroll file in the caller's 下载中心 as an export job, in the request's transaction. The
 * same request within ten seconds (a double click) answers the export it made before.
 */
async function queueExport<P>(s: AppServices, c: ServiceCtx, input: { name: string; jobType: string; params: P; key: string }): Promise<number> {
  const window = Math.floor(Date.now() / 10_000);
  const row = await startExport(c.tx, s, {
    companyId: c.companyId,
    userId: c.user.userId,
    name: input.name,
    jobType: input.jobType,
    payload: input.params,
    idempotencyKey: `payroll:${input.key}:${c.user.userId}:${window}`,
  });
  return row.id;
}

async function workbookBuffer(sheetName: string, header: readonly string[], rows: (string | number)[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(sheetName);
  ws.addRow([...header]);
  ws.getRow(1).font = { bold: true };
  for (const r of rows) ws.addRow(r);
  ws.columns.forEach((col) => {
    col.width = 16;
  });
  return Buffer.from(await wb.xlsx.writeBuffer());
}

// ── Payroll sheets ──

export async function pageSheets(c: ServiceCtx, f: { month?: string; pageNum: number; pageSize: number }): Promise<Paged<SheetView>> {
  const { rows, total } = await q.pageRuns(c.tx, c.companyId, { month: f.month, status: RUN_STATUS.submitted }, f.pageNum, f.pageSize);
  return new Paged(
    rows.map((r) => runView(r.run, r.groupName ?? '')),
    f.pageNum,
    f.pageSize,
    total,
  );
}

export async function sheetDetail(c: ServiceCtx, input: { payslipId: number; keyword?: string; pageNum: number; pageSize: number }) {
  const { run, group } = await loadRun(c, input.payslipId);
  if (run.status !== RUN_STATUS.submitted) throw notFound('工资表');
  const { rows, total } = await rq.pageResults(c.tx, c.companyId, run.id, { keyword: input.keyword || undefined }, input.pageNum, input.pageSize);
  const config = run.config ?? group.config;
  const page = new Paged(
    rows.map(
      (r): Pick<RunResultView, 'employeeId' | 'name' | 'employeeNo' | 'departmentName' | 'values' | 'gross' | 'net' | 'tax' | 'siEmployee' | 'hfEmployee'> => ({
        employeeId: r.result.employeeId,
        name: r.result.name,
        employeeNo: r.result.employeeNo,
        departmentName: r.departmentName,
        values: r.result.values,
        gross: r.result.gross,
        net: r.result.net,
        tax: r.result.tax,
        siEmployee: r.result.siEmployee,
        hfEmployee: r.result.hfEmployee,
      }),
    ),
    input.pageNum,
    input.pageSize,
    total,
  );
  return { sheet: runView(run, group.name), items: resultItemColumns(config), list: page.list, pageMessage: page.pageMessage };
}

// ── Payments ──

function payDate(month: string, payDay: number): string {
  const { last } = monthBounds(month);
  const day = Math.min(payDay, Number(last.slice(8, 10)));
  return `${month}-${String(day).padStart(2, '0')}`;
}

async function submittedRunsFor(c: ServiceCtx, f: { month?: string; runId?: number }) {
  if (f.runId !== undefined) {
    const { run, group } = await loadRun(c, f.runId);
    if (run.status !== RUN_STATUS.submitted) throw badRequest(MSG_SHEET_NOT_SUBMITTED);
    return [{ run, groupName: group.name }];
  }
  const { rows } = await q.pageRuns(c.tx, c.companyId, { month: f.month, status: RUN_STATUS.submitted }, 1, 1000);
  return rows.map((r) => ({ run: r.run, groupName: r.groupName ?? '' }));
}

export async function pagePayments(c: ServiceCtx, f: { month?: string; runId?: number; keyword?: string; pageNum: number; pageSize: number }): Promise<Paged<PaymentView>> {
  const runs = await submittedRunsFor(c, f);
  const all: PaymentView[] = [];
  const employees = new Map((await q.listEmployeesEmployedIn(c.tx, c.companyId, '0001-01-01', '9999-12-31')).map((e) => [e.id, e]));
  for (const { run, groupName } of runs) {
    for (const r of await rq.listResults(c.tx, c.companyId, run.id)) {
      if (r.error) continue;
      if (f.keyword && !r.name.includes(f.keyword) && !(r.employeeNo ?? '').includes(f.keyword)) continue;
      const e = employees.get(r.employeeId);
      all.push({ runId: run.id, month: run.month, groupName, employeeId: r.employeeId, name: r.name, employeeNo: r.employeeNo, bankName: e?.bankName ?? null, bankAccountMasked: e?.bankAccountMasked ?? null, amount: r.net, payDate: payDate(run.month, run.config?.payDay ?? 10) });
    }
  }
  return new Paged(all.slice((f.pageNum - 1) * f.pageSize, f.pageNum * f.pageSize), f.pageNum, f.pageSize, all.length);
}

/**
 * The bank transfer file of a submitted run (one row per employee with the full account number), queued
 * as an export in the caller's 下载中心.
 */
export async function requestBankFileExport(s: AppServices, c: ServiceCtx, runId: number, choice: { layout?: BankFileLayoutKey; accountId?: number }): Promise<ExportView> {
  const [{ run, groupName }] = await submittedRunsFor(c, { runId });
  await requireSensitive(c, '银行代发文件');
  const { layout, accountId, accountLabel } = await resolveBankFileChoice(c, choice);
  const spec = BANK_LAYOUT_SPECS[layout];
  if (spec.summary === 'payerCountTotal' && accountId === null) throw badRequest(MSG_LAYOUT_NEEDS_PAYER(spec.label));
  const name = `银行代发_${groupName}_${run.month}${layout === 'generic' ? '' : `_${spec.label}`}`;
  const jobType = spec.fileType === 'txt' ? BANK_TEXT_FILE_EXPORT_JOB : spec.fileType === 'csv' ? BANK_CSV_FILE_EXPORT_JOB : BANK_FILE_EXPORT_JOB;
  const exportId = await queueExport<BankFileExportParams>(s, c, { name, jobType, params: { runId: run.id, layout, accountId }, key: `bankFile:${run.id}:${layout}:${accountId ?? 0}` });
  await c.audit({ action: 'payroll.bankFile.export', entity: 'payroll_run', entityId: run.id, after: { exportId, name, layout, ...(accountLabel ? { account: accountLabel } : {}) } });
  return myExportDetail(c, exportId);
}

// ── Tax declaration ──

export async function listDeclarationsView(c: ServiceCtx, year: number): Promise<DeclarationView[]> {
  const runs = await listDeclarableRuns(c.tx, c.companyId, year);
  const statuses = new Map((await q.listDeclarations(c.tx, c.companyId, year)).map((d) => [d.month, d]));
  const months = [...new Set([...runs.map((r) => r.month), ...statuses.keys()])].sort();
  return months.map((month) => {
    const ofMonth = runs.filter((r) => r.month === month);
    const d = statuses.get(month);
    const status = (d?.status ?? 0) as 0 | 1;
    const income = ofMonth.reduce((s, r) => s.plus(r.totals?.gross ?? 0), new PayrollDecimal(0));
    const tax = ofMonth.reduce((s, r) => s.plus(r.totals?.tax ?? 0), new PayrollDecimal(0));
    return {
      month,
      status,
      statusLabel: DECLARATION_STATUSES.find((x) => x.value === status)!.label,
      runCount: ofMonth.length,
      headcount: ofMonth.reduce((n, r) => n + (r.totals?.headcount ?? 0), 0),
      income: income.toFixed(2),
      tax: tax.toFixed(2),
      declaredAt: d?.declaredAt?.toISOString() ?? null,
    };
  });
}

export async function setDeclarationStatus(c: ServiceCtx, input: { month: string; status: 0 | 1 }): Promise<DeclarationView> {
  const year = Number(input.month.slice(0, 4));
  const runs = (await listDeclarableRuns(c.tx, c.companyId, year)).filter((r) => r.month === input.month);
  if (runs.length === 0) throw badRequest(`${input.month}没有已锁定或已提交的工资薪金，无需申报`);
  await q.upsertDeclaration(c.tx, c.companyId, input.month, input.status, c.user.userId);
  await c.audit({ action: 'payroll.declaration.status', entity: 'payroll_declaration', entityId: Number(input.month.replace('-', '')), after: input });
  return (await listDeclarationsView(c, year)).find((d) => d.month === input.month)!;
}

/** The month's 正常工资薪金所得 file (full ID numbers), queued as an export in the caller's 下载中心. */
export async function requestDeclarationExport(s: AppServices, c: ServiceCtx, month: string): Promise<ExportView> {
  const year = Number(month.slice(0, 4));
  const current = (await listDeclarableRuns(c.tx, c.companyId, year)).filter((r) => r.month === month);
  if (current.length === 0) throw badRequest(declarationRefusal(month));
  await requireSensitive(c, '个税申报表');
  const name = `正常工资薪金所得_${month}`;
  const exportId = await queueExport<DeclarationExportParams>(s, c, { name, jobType: DECLARATION_EXPORT_JOB, params: { month }, key: `declaration:${month}` });
  await c.audit({ action: 'payroll.declaration.export', entity: 'payroll_declaration', entityId: Number(month.replace('-', '')), after: { exportId, name } });
  return myExportDetail(c, exportId);
}

// ── Payroll sheet (工资表明细) ──

/** A calculated, locked or submitted run's payroll sheet, every item of its group, queued as an export in 下载中心. */
export async function requestSheetExport(s: AppServices, c: ServiceCtx, runId: number): Promise<ExportView> {
  const { run, group } = await loadRun(c, runId);
  const refusal = sheetExportRefusal(run.status);
  if (refusal) throw badRequest(refusal);
  const name = `工资表明细_${group.name}_${run.month}`;
  const exportId = await queueExport<SheetExportParams>(s, c, { name, jobType: SHEET_EXPORT_JOB, params: { runId: run.id }, key: `sheet:${run.id}` });
  await c.audit({ action: 'payroll.sheet.export', entity: 'payroll_run', entityId: run.id, after: { exportId, name } });
  return myExportDetail(c, exportId);
}

// ── Push to payslips ──

/** Makes a payslip batch of a locked or submitted run through the payslips import: a sheet built from the results. */
export async function pushToPayslips(s: AppServices, c: ServiceCtx, runId: number): Promise<PushPayslipResult> {
  const { run, group } = await loadRun(c, runId);
  await q.lockRun(c.tx, c.companyId, run.id);
  if (run.status !== RUN_STATUS.locked && run.status !== RUN_STATUS.submitted) throw badRequest('请先锁定薪资，再推送工资条');
  if (run.payslipBatchId) throw badRequest(`本月工资条已推送（批次 ${run.payslipBatchId}），请在工资条管理中查看`);
  const config = run.config ?? group.config;
  const results = (await rq.listResults(c.tx, c.companyId, run.id)).filter((r) => !r.error);
  if (results.length === 0) throw badRequest('没有可推送的计算结果');
  const { first, last } = monthBounds(run.month);
  const employees = new Map((await q.listEmployeesEmployedIn(c.tx, c.companyId, first, last, results.map((r) => r.employeeId))).map((e) => [e.id, e]));
  const needIdNumber = results.some((r) => !r.employeeNo);
  const shown = config.items.filter((i) => i.showOnPayslip);
  const header = ['姓名', '工号', ...(needIdNumber ? ['证件号码'] : []), ...shown.map((i) => i.name)];
  const rows = results.map((r) => {
    const e = employees.get(r.employeeId);
    return [r.name, r.employeeNo ?? '', ...(needIdNumber ? [e?.idNumberEnc ? s.cipher.decrypt(e.idNumberEnc) : ''] : []), ...shown.map((i) => r.values[i.name] ?? '')];
  });
  const body = await workbookBuffer('工资条', header, rows);
  const fileName = `${group.name}_${run.month}_工资条.xlsx`;
  const stored = await storeUpload(s, { companyId: c.companyId, userId: c.user.userId, filename: fileName, body: Readable.from([body]), kind: 'upload', isTruncated: () => false });
  const file = await recordUpload(c.tx, c.companyId, c.user.userId, stored);
  const fixed = needIdNumber ? 3 : 2;
  const columns: PayslipColumn[] = [
    { index: 0, label: '姓名', group: 'info', show: false },
    { index: 1, label: '工号', group: 'info', show: false },
    ...(needIdNumber ? [{ index: 2, label: '证件号码', group: 'info' as const, show: false }] : []),
    ...shown.map((i, n) => ({ index: fixed + n, label: i.name.slice(0, 60), group: i.name === config.netItem ? ('net' as const) : i.category, show: true })),
  ];
  const identity = [
    { index: 0, kind: 'name' as const },
    { index: 1, kind: 'employeeNo' as const },
    ...(needIdNumber ? [{ index: 2, kind: 'idNumber' as const }] : []),
  ];
  const added = await addPayslipBatch(s, c, { fileId: file.publicId, month: run.month, title: `${run.month.replace('-', '年')}月工资条（${group.name}）`.slice(0, 60), headerRows: 1, identity, columns, hideEmpty: true, note: '' });
  await q.updateRun(c.tx, c.companyId, run.id, { payslipBatchId: added.batchId });
  await c.audit({ action: 'payroll.run.pushPayslip', entity: 'payroll_run', entityId: run.id, after: { batchId: added.batchId, rows: added.rowCount, matched: added.matched } });
  return { batchId: added.batchId, rowCount: added.rowCount, matched: added.matched };
}

