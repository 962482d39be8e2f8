import type { PayslipSheetPreview } from '@wfsaas/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hugeSharedStringXlsx, manyRowsXlsx, withinMemory } from '../../platform/spreadsheet/spreadsheet-fixtures.ts';
import { postFile } from '../../test/uploads.ts';
import { createTestApp, snapshotCounts, type TestApp } from '../../test/harness.ts';
import { buildPayslipWorkbook } from './payslip-fixtures.ts';
import { MSG_NOT_XLSX, MSG_TOO_MANY_ROWS } from './payslip-sheet.ts';

/**
 * payslip/header with hostile workbooks through the real app: a 200 KB file holding a 200 MB shared
 * string, 600,000 rows in 8 MB. Each is answered code 400 (HTTP 200) with the Chinese message, in
 * bounded memory, and the app goes on serving (ExcelJS's whole-workbook load ran it out of heap).
 */

const API = '/wfsaas-payslip/api';
let t: TestApp;
let admin: string;

const uploadSheet = (content: Buffer) => postFile<PayslipSheetPreview>(t, `${API}/payslip/header`, { token: admin, companyId: 1, filename: '工资表.xlsx', content });

const uploadMeasured = (content: Buffer, what: string) => withinMemory(`payslip/header, ${what}`, () => uploadSheet(content));

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('13800000000');
});
afterAll(async () => t?.close());

describe('payslip/header refuses hostile workbooks', () => {
  it('a 200 MB shared string in a 200 KB file: 400 naming the size, stores nothing, and the app still reads a good file', async () => {
    const before = await snapshotCounts(t.database);
    const file = await hugeSharedStringXlsx(200);
    expect(file.length).toBeLessThan(300 * 1024);
    const r = await uploadMeasured(file, '200 MB shared string');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ code: 400, message: '文件解压后超过 100 MB，请删减后再上传' });
    const lying = await uploadMeasured(await hugeSharedStringXlsx(200, 1000), '200 MB shared string declared 1000 B');
    expect(lying.body).toMatchObject({ code: 400, message: MSG_NOT_XLSX });
    expect(await snapshotCounts(t.database)).toEqual(before);
    const good = await uploadSheet(await buildPayslipWorkbook({ header: [['姓名', '手机号', '实发工资']], rows: [['张伟', '13901100000', 100]] }));
    expect(good.body.code, good.body.message).toBe(200);
  });

  it('600,000 rows in 8 MB: 400 naming the row limit, within the memory bound', async () => {
    const r = await uploadMeasured(await manyRowsXlsx(600_000), '600,000 rows');
    expect(r.body).toMatchObject({ code: 400, message: MSG_TOO_MANY_ROWS });
    // a cap for a stuck reader on a busy machine, not a timing: the reader's speed is in bench/
  }, 180_000);
});
