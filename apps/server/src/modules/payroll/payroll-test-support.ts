import { randomBytes } from 'node:crypto';
import { PAYROLL_API, RUN_STATUS, type RunImportResult, type RunProgress, type RunResultsPage, type RunView } from '@wfsaas/contracts';
import ExcelJS from 'exceljs';
import { expect } from 'vitest';
import { readExportedSheet, runAllJobs } from '../../test/exports.ts';
import type { TestApp } from '../../test/harness.ts';

/** Test helpers shared by the payroll API tests: calls as a member, monthly data sheets, a run calculated, an export read back. */

/** A row of 下载中心 as its detail answers it. */
export type ExportView = { id: number; name: string; status: number; statusName: string; fileName: string; progressDone: number; progressTotal: number | null; error: string | null };

const FILES = '/wfsaas-file/api/fileInfo';

/** A workbook of one sheet: the header row, then the rows. */
export async function sheet(header: string[], rows: (string | number)[][], sheetName = '考勤'): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(sheetName);
  ws.addRow(header);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** A multipart body with one file under the field name `file`. */
export function multipart(filename: string, content: Buffer): { payload: Buffer; contentType: string } {
  const boundary = `----wfsaas${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

/** A row's values as text, from the first cell to its last value. */
export const rowValues = (ws: ExcelJS.Worksheet, n: number) => (ws.getRow(n).values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? '' : String(v)));
/** A row's cells as text, `width` of them (empty cells included). */
export const rowCells = (ws: ExcelJS.Worksheet, n: number, width: number) => Array.from({ length: width }, (_, i) => ws.getRow(n).getCell(i + 1).value ?? '').map(String);

/** Who a test calls as: read at each call, since the app starts in `beforeAll`. */
type Caller = { t: TestApp; token: string; companyId: number };

/** The payroll API as one member of a company, with the steps the tests repeat. */
export function payrollCalls(caller: () => Caller) {
  const call = <T = unknown>(path: string, body?: unknown, opts: { token?: string; companyId?: number } = {}) => {
    const { t, token, companyId } = caller();
    return t.call<T>(`${PAYROLL_API}${path}`, { token: opts.token ?? token, companyId: opts.companyId ?? companyId, body });
  };

  async function ok<T>(path: string, body?: unknown): Promise<T> {
    const r = await call<T>(path, body);
    expect(r.body.code, `${path}: ${r.body.message}`).toBe(200);
    return r.body.data;
  }

  /** Uploads a month's data into a run (POST /run/import). */
  async function importData(runId: number, content: Buffer, token?: string) {
    const { t, token: own, companyId } = caller();
    const m = multipart('考勤.xlsx', content);
    const res = await t.app.inject({
      method: 'POST',
      url: `${PAYROLL_API}/run/import?runId=${runId}`,
      headers: { 'content-type': m.contentType, authorization: `Bearer ${token ?? own}`, companyid: String(companyId) },
      payload: m.payload,
    });
    return res.json() as { code: number; message: string; data: RunImportResult };
  }

  /** Starts the calculation, runs the jobs until the queue is empty, and answers the run. */
  async function calculateNow(runId: number): Promise<RunView> {
    const r = await ok<RunProgress>('/run/calculate', { runId });
    expect(r.status).toBe(RUN_STATUS.calculating);
    await runAllJobs(caller().t);
    return ok<RunView>('/run/detail', { runId });
  }

  /** Runs payroll for a group's month: creates the run and calculates it. */
  async function runMonth(groupId: number, month: string): Promise<RunView> {
    const run = await ok<RunView>('/run/create', { groupId, month });
    return calculateNow(run.id);
  }

  async function resultsOf(runId: number, keyword?: string) {
    return ok<RunResultsPage>('/run/results', { runId, pageSize: 500, ...(keyword ? { keyword } : {}) });
  }

  async function exportDetail(id: number, token?: string): Promise<ExportView> {
    const { t, token: own, companyId } = caller();
    const r = await t.call<ExportView>(`${FILES}/detail`, { token: token ?? own, companyId, body: { id } });
    expect(r.body.code, r.body.message).toBe(200);
    return r.body.data;
  }

  /** Queues an export (answered as 排队中), runs the jobs, and reads the finished file back through 下载中心. */
  async function exported(path: string, body: unknown, token?: string): Promise<{ view: ExportView; ws: ExcelJS.Worksheet }> {
    const { t, token: own, companyId } = caller();
    const r = await call<ExportView>(path, body, { token: token ?? own });
    expect(r.body.code, `${path}: ${r.body.message}`).toBe(200);
    const queued = r.body.data;
    expect(queued).toMatchObject({ status: 0, statusName: '排队中', fileName: `${queued.name}.xlsx` });
    await runAllJobs(t);
    const view = await exportDetail(queued.id, token);
    expect(view, view.error ?? '').toMatchObject({ status: 2, statusName: '已完成', error: null });
    expect(view.progressDone).toBe(view.progressTotal);
    return { view, ws: await readExportedSheet(t, { token: token ?? own, companyId, id: queued.id }) };
  }

  return { call, ok, importData, calculateNow, runMonth, resultsOf, exportDetail, exported };
}
