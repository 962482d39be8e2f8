import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hugeSharedStringXlsx, manyRowsXlsx, withinMemory } from '../../platform/spreadsheet/spreadsheet-fixtures.ts';
import { postFile } from '../../test/uploads.ts';
import { createTestApp, snapshotCounts, type TestApp } from '../../test/harness.ts';
import { buildFixtureWorkbook, fixtureCells, fixtureRow } from './import-fixtures.ts';
import { MSG_NOT_XLSX, MSG_TOO_MANY_ROWS } from './import-xlsx.ts';

/**
 * The roster import upload (dynamicFormTemplate/add) with hostile workbooks through the real app: a
 * 200 KB file holding a 200 MB shared string, 600,000 rows in 8 MB. Each is answered code 400 (HTTP
 * 200) with the Chinese message, in bounded memory, and the app goes on serving.
 */

const BASE = '/wfsaas-saas/api/dynamicFormTemplate';
let t: TestApp;
let admin: string;

const upload = (content: Buffer) => postFile(t, `${BASE}/add`, { token: admin, companyId: 1, filename: '员工.xlsx', content });

const uploadMeasured = (content: Buffer, what: string) => withinMemory(`roster import, ${what}`, () => upload(content));

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('13800000000');
});
afterAll(async () => t?.close());

describe('the roster import refuses hostile workbooks', () => {
  it('a 200 MB shared string in a 200 KB file: 400 naming the size, nothing written, and a good file still imports', async () => {
    const before = await snapshotCounts(t.database);
    const r = await uploadMeasured(await hugeSharedStringXlsx(200), '200 MB shared string');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ code: 400, message: '文件解压后超过 100 MB，请删减后再上传' });
    const lying = await uploadMeasured(await hugeSharedStringXlsx(200, 1000), '200 MB shared string declared 1000 B');
    expect(lying.body).toMatchObject({ code: 400, message: MSG_NOT_XLSX });
    expect(await snapshotCounts(t.database)).toEqual(before);
    const good = await upload(await buildFixtureWorkbook([fixtureCells(fixtureRow(0, 9000))]));
    expect(good.body.code, good.body.message).toBe(200);
  });

  it('600,000 rows in 8 MB: 400 naming the row limit, within the memory bound', async () => {
    const r = await uploadMeasured(await manyRowsXlsx(600_000), '600,000 rows');
    expect(r.body).toMatchObject({ code: 400, message: MSG_TOO_MANY_ROWS });
  }, 120_000);
});
