import ExcelJS from 'exceljs';
import { expect } from 'vitest';
import { runDueJobsOnce } from '../platform/jobs/index.ts';
import type { TestApp } from './harness.ts';

const FILES = '/wfsaas-file/api/fileInfo';

/** Runs due jobs until the queue is empty. */
export async function runAllJobs(t: TestApp): Promise<void> {
  while ((await runDueJobsOnce(t.services)) > 0) {
    /* until the queue is empty */
  }
}

/** The first sheet of a completed export's file, fetched through the downloads centre's single-use link. */
export async function readExportedSheet(t: TestApp, opts: { token: string; companyId: number; id: number }): Promise<ExcelJS.Worksheet> {
  const link = await t.call<{ url: string; fileName: string }>(`${FILES}/downloadToken`, { token: opts.token, companyId: opts.companyId, body: { id: opts.id } });
  expect(link.body.code, link.body.message).toBe(200);
  const res = await t.app.inject({ method: 'GET', url: link.body.data.url });
  expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
  expect(res.headers['content-type']).toContain('spreadsheetml');
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  return wb.worksheets[0]!;
}
