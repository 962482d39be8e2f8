import { multipartFile } from '../../test/uploads.ts';
import type { ApplyDetailView, ApplyLineView, EntityView } from '@wfsaas/contracts';
import { expect } from 'vitest';
import type { TestApp } from '../../test/harness.ts';
import ExcelJS from 'exceljs';

/** A workbook of one sheet: the header row, then the rows. */
export async function sheet(header: string[], rows: (string | number)[][], sheetName = '办理结果'): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(sheetName);
  ws.addRow(header);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}


/** The social-insurance API as one member of a company, with the steps the tests repeat. */

export const SI = '/wfsaas-saas/api';

type Caller = { t: TestApp; token: string; companyId: number };

export function siCalls(caller: () => Caller) {
  function call<T>(path: string, body?: unknown, as?: { token?: string; companyId?: number }) {
    const { t, token, companyId } = caller();
    return t.call<T>(`${SI}${path}`, { token: as?.token ?? token, companyId: as?.companyId ?? companyId, body: body ?? {} });
  }
  async function ok<T>(path: string, body?: unknown): Promise<T> {
    const r = await call<T>(path, body);
    expect(r.body.code, `${path}: ${r.body.message}`).toBe(200);
    return r.body.data;
  }
  async function entity(name: string): Promise<EntityView> {
    const found = (await ok<EntityView[]>('/socialInsurance/entity/list')).find((e) => e.name === name);
    expect(found, `entity ${name}`).toBeTruthy();
    return found!;
  }
  async function create(entityId: number, month: string): Promise<ApplyDetailView> {
    return ok<ApplyDetailView>('/apply/create', { entityId, month });
  }
  async function importResults(applyId: number, content: Buffer) {
    const { t, token, companyId } = caller();
    const m = multipartFile('办理结果.xlsx', content);
    const res = await t.app.inject({ method: 'POST', url: `${SI}/apply/result/import?applyId=${applyId}`, headers: { 'content-type': m.contentType, authorization: `Bearer ${token}`, companyid: String(companyId) }, payload: m.payload });
    return res.json() as { code: number; message: string; data: import('@wfsaas/contracts').ResultImportView };
  }
  return { call, ok, entity, create, importResults };
}

export const linesOf = (d: ApplyDetailView, employeeId: number): ApplyLineView[] => d.lines.filter((l) => l.employeeId === employeeId);
