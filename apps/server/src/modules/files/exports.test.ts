import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../platform/db.ts';
import { registerExportHandler, startExport } from '../../platform/files/index.ts';
import { findJob, runDueJobsOnce } from '../../platform/jobs/index.ts';
import { enqueueDailyJobs } from '../../platform/jobs/runner.ts';
import { createTestApp, snapshotCounts, type TestApp } from '../../test/harness.ts';
import { chinaToday } from '../../platform/china-date.ts';

type ExportView = {
  id: number;
  name: string;
  status: number;
  statusName: string;
  fileId: number | null;
  size: number | null;
  progressDone: number;
  progressTotal: number | null;
  error: string | null;
  fileName: string;
  expiresAt: string | null;
  finishedAt: string | null;
};

let t: TestApp;
let admin: string;
let staff: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('13800000000');
  staff = await t.login('13800000001');
});
afterAll(async () => t?.close());

const EXPORT = '/wfsaas-file/api/fileInfo/exportAuditLog';
const PAGE = '/wfsaas-file/api/fileInfo/page';

async function page(token: string, companyId: number, body: Record<string, unknown> = {}) {
  const r = await t.call<ExportView[]>(PAGE, { token, companyId, body });
  expect(r.body.code).toBe(200);
  return r.body as { data: ExportView[]; pageMessage: { total: number; pageNum: number; pageSize: number } };
}

async function readXlsx(buf: Buffer): Promise<string[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buf as unknown as ArrayBuffer);
  const sheet = wb.getWorksheet('操作日志');
  expect(sheet).toBeDefined();
  const rows: string[][] = [];
  sheet!.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => String(v ?? ''))));
  return rows;
}

async function downloadExport(token: string, companyId: number, id: number) {
  const link = await t.call<{ url: string; fileName: string }>('/wfsaas-file/api/fileInfo/downloadToken', { token, companyId, body: { id } });
  expect(link.body.code).toBe(200);
  const res = await t.app.inject({ method: 'GET', url: link.body.data.url });
  return { link: link.body.data, res };
}

function blobExists(storageKey: string) {
  return existsSync(join(t.dataDir, 'files', storageKey));
}

describe('downloads centre: audit log export', () => {
  let exportId: number;

  it('queues the export (status 0) and writes the request to the audit log', async () => {
    const r = await t.call<ExportView>(EXPORT, { token: admin, companyId: 1, body: {} });
    expect(r.body.code).toBe(200);
    expect(r.body.data).toMatchObject({ name: '操作日志_全部', status: 0, statusName: '排队中', fileId: null, size: null, fileName: '操作日志_全部.xlsx' });
    exportId = r.body.data.id;
    const p = await page(admin, 1);
    expect(p.data.map((e) => e.id)).toEqual([exportId]);
    const audit = rowsOf<{ action: string }>(await t.database.db.execute(sql`select action from audit_log where company_id = 1 and entity = 'file_export' and entity_id = ${String(exportId)}`));
    expect(audit.map((a) => a.action)).toEqual(['auditLog.export']);
    const link = await t.call(`/wfsaas-file/api/fileInfo/downloadToken`, { token: admin, companyId: 1, body: { id: exportId } });
    expect(link.body).toEqual({ code: 400, message: '文件尚未生成或已过期', data: null });
  });

  it('runs as a job: the page shows 已完成 with the size, and the xlsx holds the company’s audit rows', async () => {
    const expected = rowsOf<{ action: string; actor: string | null; ip: string | null }>(
      await t.database.db.execute(sql`select a.action, u.nickname as actor, a.ip from audit_log a left join users u on u.id = a.actor_user_id where a.company_id = 1 order by a.id desc`),
    );
    expect(await runDueJobsOnce(t.services)).toBeGreaterThanOrEqual(1);
    const p = await page(admin, 1);
    const row = p.data.find((e) => e.id === exportId)!;
    expect(row).toMatchObject({ status: 2, statusName: '已完成', progressDone: expected.length, progressTotal: expected.length, error: null });
    expect(row.size).toBeGreaterThan(0);
    const days = (Date.parse(row.expiresAt!) - Date.parse(row.finishedAt!)) / 86400_000;
    expect(days).toBeCloseTo(7, 3);
    const stat = await t.call('/wfsaas-file/api/fileInfo/stat', { token: admin, companyId: 1 });
    expect(stat.body.data).toEqual({ queued: 0, generating: 0, completed: 1, failed: 0, expired: 0, exporting: 0, total: 1 });

    const { link, res } = await downloadExport(admin, 1, exportId);
    expect(link.fileName).toBe('操作日志_全部.xlsx');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('操作日志_全部.xlsx')}`);
    expect(res.rawPayload.length).toBe(row.size);
    const rows = await readXlsx(res.rawPayload);
    expect(rows[0]).toEqual(['时间', '操作人', '动作', '对象', '对象ID', 'IP']);
    const data = rows.slice(1);
    expect(data).toHaveLength(expected.length);
    expect(data.map((d) => d[2])).toEqual(expected.map((e) => e.action));
    expect(data.map((d) => d[1])).toEqual(expected.map((e) => e.actor ?? '系统'));
    expect(data[0]![0]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(data.find((d) => d[2] === 'auditLog.export')).toEqual([expect.any(String), '林晓（管理员）', 'auditLog.export', 'file_export', String(exportId), expect.any(String)]);
    expect(data.find((d) => d[2] === 'demo.seed')?.[1]).toBe('系统');
    // no company-2 rows
    const company2 = rowsOf<{ entity_id: string }>(await t.database.db.execute(sql`select entity_id from audit_log where company_id = 2 and action = 'demo.seed'`));
    expect(data.filter((d) => d[2] === 'demo.seed').map((d) => d[4])).not.toContain(company2[0]!.entity_id);
    // the link is single-use; the download was audited
    expect((await t.app.inject({ method: 'GET', url: link.url })).statusCode).toBe(401);
    const audit = rowsOf<{ n: string | number }>(await t.database.db.execute(sql`select count(*) as n from audit_log where company_id = 1 and action = 'file.download'`));
    expect(Number(audit[0]!.n)).toBe(1);
    const job = await findJob(t.database.db, 1, Number(rowsOf<{ job_id: string | number }>(await t.database.db.execute(sql`select job_id from file_exports where id = ${exportId}`))[0]!.job_id));
    expect(job).toMatchObject({ status: 'succeeded', type: 'files.auditLogExport' });
  });

  it('exports a date range: days with no entries give a sheet with only the header', async () => {
    const r = await t.call<ExportView>(EXPORT, { token: admin, companyId: 1, body: { from: '2001-01-01', to: '2001-01-31' } });
    expect(r.body.data.name).toBe('操作日志_2001-01-01_2001-01-31');
    await runDueJobsOnce(t.services);
    const { res } = await downloadExport(admin, 1, r.body.data.id);
    expect(await readXlsx(res.rawPayload)).toEqual([['时间', '操作人', '动作', '对象', '对象ID', 'IP']]);
    const today = chinaToday();
    const r2 = await t.call<ExportView>(EXPORT, { token: admin, companyId: 1, body: { from: today, to: today } });
    await runDueJobsOnce(t.services);
    const rows = await readXlsx((await downloadExport(admin, 1, r2.body.data.id)).res.rawPayload);
    expect(rows.length).toBeGreaterThan(2);
  });

  it('refuses bad input naming the field, and writes nothing', async () => {
    const before = await snapshotCounts(t.database);
    const cases: Array<[unknown, string]> = [
      [{ from: '2024/01/01' }, '开始日期格式不正确，应为 YYYY-MM-DD'],
      [{ from: '2024-02-30' }, '开始日期不是有效的日期'],
      [{ from: '2024-03-01', to: '2024-02-01' }, '结束日期不能早于开始日期'],
      [{ to: 20240101 }, '结束日期格式不正确'],
    ];
    for (const [body, message] of cases) {
      const r = await t.call(EXPORT, { token: admin, companyId: 1, body });
      expect(r.body).toEqual({ code: 400, message, data: null });
    }
    expect((await t.call(PAGE, { token: admin, companyId: 1, body: { pageSize: 0 } })).body).toMatchObject({ code: 400, message: '每页条数不能小于1' });
    expect((await t.call('/wfsaas-file/api/fileInfo/detail', { token: admin, companyId: 1, body: { id: 'x' } })).body).toMatchObject({ code: 400 });
    expect(await snapshotCounts(t.database)).toEqual(before);
  });

  it('another user of the same company, and the same user in another company, see nothing of it (404)', async () => {
    const before = await snapshotCounts(t.database);
    const staffPage = await page(staff, 1);
    expect(staffPage.data).toEqual([]);
    expect(staffPage.pageMessage.total).toBe(0);
    for (const url of ['detail', 'remove', 'downloadToken']) {
      const r = await t.call(`/wfsaas-file/api/fileInfo/${url}`, { token: staff, companyId: 1, body: { id: exportId } });
      expect({ url, ...r.body }).toEqual({ url, code: 404, message: '导出记录不存在', data: null });
      const other = await t.call(`/wfsaas-file/api/fileInfo/${url}`, { token: admin, companyId: 2, body: { id: exportId } });
      expect({ url, ...other.body }).toEqual({ url, code: 404, message: '导出记录不存在', data: null });
    }
    expect((await page(admin, 2)).data).toEqual([]);
    expect(await snapshotCounts(t.database)).toEqual(before);
  });

  it('refuses a member without the permission (403) and a non-member (403), changing nothing', async () => {
    const before = await snapshotCounts(t.database);
    const r = await t.call(EXPORT, { token: staff, companyId: 1, body: {} });
    expect(r.status).toBe(403);
    expect(r.body).toEqual({ code: 403, message: '您没有此操作的权限（systemConfig），请联系管理员', data: null });
    const p = await t.call(PAGE, { token: staff, companyId: 2, body: {} });
    expect(p.status).toBe(403);
    expect(p.body.message).toBe('您不是该公司的成员，无权访问');
    expect(await snapshotCounts(t.database)).toEqual(before);
  });

  it('detail and stat answer the caller’s own exports', async () => {
    const d = await t.call<ExportView>('/wfsaas-file/api/fileInfo/detail', { token: admin, companyId: 1, body: { id: exportId } });
    expect(d.body.data).toMatchObject({ id: exportId, name: '操作日志_全部', status: 2, statusName: '已完成', fileName: '操作日志_全部.xlsx' });
    const staffStat = await t.call('/wfsaas-file/api/fileInfo/stat', { token: staff, companyId: 1 });
    expect(staffStat.body.data).toEqual({ queued: 0, generating: 0, completed: 0, failed: 0, expired: 0, exporting: 0, total: 0 });
  });

  it('refuses the downloads centre to a member whose role lacks downloadCenter (403), changing nothing', async () => {
    await t.database.db.execute(sql`delete from role_permissions where company_id = 1 and permission_key = 'downloadCenter'`);
    try {
      const before = await snapshotCounts(t.database);
      for (const [url, body] of [['page', {}], ['detail', { id: exportId }], ['remove', { id: exportId }], ['downloadToken', { id: exportId }], ['stat', undefined]] as const) {
        const r = await t.call(`/wfsaas-file/api/fileInfo/${url}`, { token: staff, companyId: 1, body });
        expect({ url, status: r.status, ...r.body }).toEqual({ url, status: 403, code: 403, message: '您没有此操作的权限（downloadCenter），请联系管理员', data: null });
      }
      expect(await snapshotCounts(t.database)).toEqual(before);
    } finally {
      const [role] = rowsOf<{ id: string | number }>(await t.database.db.execute(sql`select id from roles where company_id = 1 and name = 'HR专员'`));
      await t.database.db.execute(sql`insert into role_permissions (company_id, role_id, permission_key) values (1, ${Number(role!.id)}, 'downloadCenter')`);
    }
    expect((await t.call(PAGE, { token: staff, companyId: 1, body: {} })).body.code).toBe(200);
  });

  it('pages with a status filter', async () => {
    const all = await page(admin, 1, { pageNum: 1, pageSize: 2 });
    expect(all.pageMessage).toMatchObject({ total: 3, pageNum: 1, pageSize: 2 });
    expect(all.data).toHaveLength(2);
    expect((await page(admin, 1, { status: 2 })).pageMessage.total).toBe(3);
    expect((await page(admin, 1, { status: 3 })).pageMessage.total).toBe(0);
    expect((await page(admin, 1, { status: '' })).pageMessage.total).toBe(3);
  });

  it('expires after seven days: shown as 已过期, no download, and the daily clean-up marks it and deletes the file', async () => {
    const [file] = rowsOf<{ storage_key: string; file_id: string | number }>(
      await t.database.db.execute(sql`select f.storage_key, e.file_id from file_exports e join files f on f.company_id = e.company_id and f.id = e.file_id where e.id = ${exportId}`),
    );
    expect(blobExists(file!.storage_key)).toBe(true);
    await t.database.db.execute(sql`update file_exports set expires_at = now() - interval '1 minute' where id = ${exportId}`);
    const shown = (await page(admin, 1)).data.find((e) => e.id === exportId)!;
    expect(shown).toMatchObject({ status: 4, statusName: '已过期' });
    const link = await t.call('/wfsaas-file/api/fileInfo/downloadToken', { token: admin, companyId: 1, body: { id: exportId } });
    expect(link.body).toEqual({ code: 400, message: '文件尚未生成或已过期', data: null });

    const day = chinaToday();
    // other modules' daily jobs are enqueued too; the second call of the day adds nothing
    expect(await enqueueDailyJobs(t.services, day)).toBeGreaterThanOrEqual(1);
    expect(await enqueueDailyJobs(t.services, day)).toBe(0);
    const job = rowsOf<{ type: string }>(await t.database.db.execute(sql`select type from jobs where company_id = 1 and idempotency_key = ${`cleanup-${day}`}`));
    expect(job.map((j) => j.type)).toEqual(['files.cleanupExports']);
    await runDueJobsOnce(t.services);
    const [stored] = rowsOf<{ status: number; archived: boolean }>(
      await t.database.db.execute(sql`select e.status, f.archived_at is not null as archived from file_exports e join files f on f.company_id = e.company_id and f.id = e.file_id where e.id = ${exportId}`),
    );
    expect(stored).toEqual({ status: 4, archived: true });
    expect(blobExists(file!.storage_key)).toBe(false);
    const stat = await t.call('/wfsaas-file/api/fileInfo/stat', { token: admin, companyId: 1 });
    expect(stat.body.data).toMatchObject({ completed: 2, expired: 1, total: 3 });
    // an old download token for the file no longer serves it
    const token = (await t.call<string[]>('/wfsaas-auth/getTempToken', { token: admin, companyId: 1, body: 1 })).body.data[0];
    const res = await t.app.inject({ method: 'GET', url: `/wfsaas-file/api/file/download/${file!.file_id}?temptoken=${token}` });
    expect(res.json()).toMatchObject({ code: 404 });
  });

  it('remove takes the export off the list (audited); a second remove is 404', async () => {
    const r = await t.call('/wfsaas-file/api/fileInfo/remove', { token: admin, companyId: 1, body: { id: exportId } });
    expect(r.body).toEqual({ code: 200, message: '操作成功', data: null });
    expect((await page(admin, 1)).data.map((e) => e.id)).not.toContain(exportId);
    const again = await t.call('/wfsaas-file/api/fileInfo/remove', { token: admin, companyId: 1, body: { id: exportId } });
    expect(again.body).toMatchObject({ code: 404, message: '导出记录不存在' });
    const kept = rowsOf(await t.database.db.execute(sql`select id from file_exports where id = ${exportId}`));
    expect(kept).toHaveLength(1);
    const audit = rowsOf<{ action: string }>(await t.database.db.execute(sql`select action from audit_log where entity = 'file_export' and entity_id = ${String(exportId)} order by id`));
    expect(audit.map((a) => a.action)).toEqual(['auditLog.export', 'fileExport.remove']);
  });
});

describe('export helpers', () => {
  it('startExport is idempotent per key; a failing export ends 失败 with a Chinese error and leaves no file', async () => {
    let calls = 0;
    registerExportHandler<{ n: number }>('test.failingExport', async (ctx, writer) => {
      calls++;
      const sheet = writer.addWorksheet('数据');
      sheet.addRow(['部分数据', ctx.job.payload.n]).commit();
      throw new Error('数据源不可用');
    }, { maxAttempts: 1 });
    const filesBefore = rowsOf<{ n: string | number }>(await t.database.db.execute(sql`select count(*) as n from files`))[0]!.n;
    const blobsBefore = readdirSync(join(t.dataDir, 'files'), { recursive: true }).length;
    const input = { companyId: 1, userId: 1, name: '失败的导出', jobType: 'test.failingExport', payload: { n: 5 }, idempotencyKey: 'failing-export-1' };
    const a = await t.database.inTenant(1, (tx) => startExport(tx, t.services, input));
    const b = await t.database.inTenant(1, (tx) => startExport(tx, t.services, input));
    expect(b.id).toBe(a.id);
    expect(rowsOf(await t.database.db.execute(sql`select id from file_exports where name = '失败的导出'`))).toHaveLength(1);
    await runDueJobsOnce(t.services);
    expect(calls).toBe(1);
    const [row] = rowsOf<{ status: number; error: string; file_id: unknown }>(await t.database.db.execute(sql`select status, error, file_id from file_exports where id = ${a.id}`));
    expect(row).toEqual({ status: 3, error: '文件生成失败：数据源不可用', file_id: null });
    expect(rowsOf<{ n: string | number }>(await t.database.db.execute(sql`select count(*) as n from files`))[0]!.n).toEqual(filesBefore);
    expect(readdirSync(join(t.dataDir, 'files'), { recursive: true }).length).toBe(blobsBefore);
    const view = (await page(admin, 1, { status: 3 })).data;
    expect(view.map((e) => [e.id, e.statusName, e.error])).toEqual([[a.id, '失败', '文件生成失败：数据源不可用']]);
  });
});
