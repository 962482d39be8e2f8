import type { EmployeeChangeView, EmployeeListItem, QuitCertificateInfo, QuitRow } from '@wfsaas/contracts';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDueJobsOnce } from '../../platform/jobs/index.ts';
import { enqueueDailyJobs } from '../../platform/jobs/runner.ts';
import { departmentIdByName, hireEmployee, type Hired } from '../../test/factories.ts';
import { createTestApp, expectUnchanged as expectDbUnchanged, type TestApp } from '../../test/harness.ts';
import { seedDemoOrg } from '../org/org.seed.ts';
import { chinaToday, addDays, addMonths } from '../../platform/china-date.ts';

/** 离职: resign now and on a date, cancel, re-date, handover, the resigned roster, rehire, the certificate. */

const API = '/wfsaas-saas/api';
const QUIT = `${API}/companyEmployeeQuit`;

let t: TestApp;
let admin: string;
let staff: string;
let deptId: number;
const E: Record<string, Hired> = {};
const today = chinaToday();

async function hire(key: string, status: 0 | 1 | 2 = 2) {
  E[key] = await hireEmployee(t, { token: admin, name: `离职测试${key}`, departmentId: deptId, hireDate: addMonths(today, -24), probationEndDate: status === 1 ? addDays(today, 20) : undefined, status, birthDate: '1988-11-12' });
}

const call = <T>(path: string, body: object, token = admin, companyId = 1) => t.call<T>(path, { token, companyId, body });
const statusOf = async (key: string) => (await t.rows<{ status: number; leave_date: string | null }>(sql`select status, leave_date::text from employees where id = ${E[key]!.id}`))[0]!;
const names = async (path: string, body: object = {}) => (await call<QuitRow[]>(path, { keyword: '离职测试', pageSize: 100, ...body })).body.data.map((r) => r.name).sort();

const expectUnchanged = (run: () => Promise<{ body: { code: number; message: string } }>, code: number, message: string | RegExp) => expectDbUnchanged(t.database, run, code, message);

const chineseDay = (day: string) => {
  const [y, m, d] = day.split('-').map(Number);
  return `${y}年${m}月${d}日`;
};

/** The certificate of a former employee: its text (whitespace removed) and the images drawn on it (pdfimages). */
async function certificate(key: string): Promise<{ text: string; images: { width: number; height: number }[]; sealed: string | undefined }> {
  const res = await t.app.inject({ method: 'POST', url: `${API}/resignationNotice/certificate`, headers: { authorization: `Bearer ${admin}`, companyid: '1', 'content-type': 'application/json' }, payload: { employeeId: E[key]!.id } });
  expect(res.headers['content-type']).toBe('application/pdf');
  const dir = mkdtempSync(join(tmpdir(), 'quit-'));
  const file = join(dir, 'c.pdf');
  writeFileSync(file, res.rawPayload);
  const text = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }).replace(/\s+/g, '');
  const images = execFileSync('pdfimages', ['-list', file], { encoding: 'utf8' })
    .split('\n')
    .slice(2)
    .map((line) => line.trim().split(/\s+/))
    .filter((cols) => cols[2] === 'image')
    .map((cols) => ({ width: Number(cols[3]), height: Number(cols[4]) }));
  return { text, images, sealed: res.headers['x-certificate-sealed'] as string | undefined };
}

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoOrg(t.services);
  admin = await t.login('13800000000');
  staff = await t.login('13800000001');
  deptId = await departmentIdByName(t, '财务部');
  for (const k of ['今日', '定时', '试用', '交接人', '待入职']) await hire(k, k === '试用' ? 1 : k === '待入职' ? 0 : 2);
}, 60_000);
afterAll(async () => t?.close());

describe('resigning', () => {
  it('with a past or today last working day: 已离职 at once with that leave date, on the resigned roster', async () => {
    const r = await call<EmployeeChangeView>(`${QUIT}/do`, { employeeId: E['今日']!.id, quitType: 1, reason: '个人发展', lastWorkingDay: today, handoverTo: E['交接人']!.id, handoverNote: '客户资料' });
    expect(r.body.code, r.body.message).toBe(200);
    expect(r.body.data).toMatchObject({ type: 'quit', status: 1, effectiveDate: today, after: { quitType: 1, reason: '个人发展', handoverToName: '离职测试交接人', handoverStatus: 0 } });
    expect(await statusOf('今日')).toEqual({ status: 4, leave_date: today });
    const roster = (await call<QuitRow[]>(`${QUIT}/rosterList`, { keyword: '离职测试今日' })).body.data;
    expect(roster[0]).toMatchObject({ name: '离职测试今日', leaveDate: today, quitTypeLabel: '主动离职', reason: '个人发展', handoverToName: '离职测试交接人' });
    await expectUnchanged(() => call(`${QUIT}/do`, { employeeId: E['今日']!.id, quitType: 1, reason: '再次', lastWorkingDay: today }), 400, '离职测试今日不是在职员工（试用期或正式），无法办理离职');
  });

  it('dated later: 待离职 now, handover tracked, re-dated, and 已离职 by the daily job on the last working day', async () => {
    const later = addDays(today, 10);
    const r = await call<EmployeeChangeView>(`${QUIT}/do`, { employeeId: E['定时']!.id, quitType: 3, reason: '合同到期', lastWorkingDay: later });
    expect(r.body.data).toMatchObject({ status: 0 });
    expect((await statusOf('定时')).status).toBe(3);
    expect(await names(`${QUIT}/pageList`)).toEqual(['离职测试定时']);
    await expectUnchanged(() => call(`${QUIT}/do`, { employeeId: E['定时']!.id, quitType: 1, reason: '再次', lastWorkingDay: later }), 400, /已在办理离职/);
    const h = await call<EmployeeChangeView>(`${API}/quitProgress/update`, { changeId: r.body.data.id, handoverStatus: 2 });
    expect(h.body.data.after.handoverStatus).toBe(2);
    expect((await call<QuitRow[]>(`${QUIT}/pageList`, { keyword: '离职测试定时' })).body.data[0]).toMatchObject({ handoverStatusLabel: '已交接', lastWorkingDay: later });
    await call(`${QUIT}/updateLastDay`, { changeId: r.body.data.id, lastWorkingDay: addDays(today, 3) });
    await enqueueDailyJobs(t.services, addDays(today, 2));
    await runDueJobsOnce(t.services);
    expect((await statusOf('定时')).status).toBe(3);
    await enqueueDailyJobs(t.services, addDays(today, 3));
    await runDueJobsOnce(t.services);
    expect(await statusOf('定时')).toEqual({ status: 4, leave_date: addDays(today, 3) });
    expect(await names(`${QUIT}/pageList`)).toEqual([]);
  });

  it('cancelled: the employee returns to probation, and can be regularised again', async () => {
    const r = await call<EmployeeChangeView>(`${QUIT}/do`, { employeeId: E['试用']!.id, quitType: 5, reason: '试用期考核', lastWorkingDay: addDays(today, 5) });
    expect((await statusOf('试用')).status).toBe(3);
    const c = await call<EmployeeChangeView>(`${QUIT}/cancel`, { changeId: r.body.data.id });
    expect(c.body.data).toMatchObject({ status: 2 });
    expect((await statusOf('试用')).status).toBe(1);
    await expectUnchanged(() => call(`${QUIT}/cancel`, { changeId: r.body.data.id }), 400, '只有待生效或待审批的离职可以取消，该记录已取消');
  });

  it('refuses a pending hire, bad dates and input, oneself as handover, another company and a member without the permission', async () => {
    await expectUnchanged(() => call(`${QUIT}/do`, { employeeId: E['待入职']!.id, quitType: 1, reason: 'x', lastWorkingDay: today }), 400, /不是在职员工/);
    await expectUnchanged(() => call(`${QUIT}/do`, { employeeId: E['交接人']!.id, quitType: 1, reason: 'x', lastWorkingDay: '2001-01-01' }), 400, /最后工作日：不能早于入职日期/);
    await expectUnchanged(() => call(`${QUIT}/do`, { employeeId: E['交接人']!.id, quitType: 8, reason: 'x', lastWorkingDay: today }), 400, /离职类型/);
    await expectUnchanged(() => call(`${QUIT}/do`, { employeeId: E['交接人']!.id, quitType: 1, reason: ' ', lastWorkingDay: today }), 400, /离职原因/);
    await expectUnchanged(() => call(`${QUIT}/do`, { employeeId: E['交接人']!.id, quitType: 1, reason: 'x', lastWorkingDay: today, handoverTo: E['交接人']!.id }), 400, '工作交接人：不能是离职员工本人');
    await expectUnchanged(() => call(`${QUIT}/do`, { employeeId: E['交接人']!.id, quitType: 1, reason: 'x', lastWorkingDay: today }, admin, 2), 404, '员工不存在');
    await expectUnchanged(() => call(`${QUIT}/do`, { employeeId: E['交接人']!.id, quitType: 1, reason: 'x', lastWorkingDay: today }, staff), 403, /doQuit\.edit/);
  });
});

describe('the resigned roster', () => {
  it('gives a former employee a resignation certificate PDF naming them, and refuses one for a current employee', async () => {
    const res = await t.app.inject({ method: 'POST', url: `${API}/resignationNotice/certificate`, headers: { authorization: `Bearer ${admin}`, companyid: '1', 'content-type': 'application/json' }, payload: { employeeId: E['今日']!.id } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const dir = mkdtempSync(join(tmpdir(), 'quit-'));
    writeFileSync(join(dir, 'c.pdf'), res.rawPayload);
    const text = execFileSync('pdftotext', [join(dir, 'c.pdf'), '-'], { encoding: 'utf8' }).replace(/\s+/g, '');
    expect(text).toContain('离职证明');
    expect(text).toContain(`兹证明离职测试今日（身份证号码：${E['今日']!.idNumber}）`);
    expect(text).toContain('杭州云帆科技有限公司');
    const refused = await call(`${API}/resignationNotice/certificate`, { employeeId: E['交接人']!.id });
    expect(refused.body).toMatchObject({ code: 400, message: '离职测试交接人尚未离职，不能开具离职证明' });
  });

  it('states the handover as recorded on the resignation, also when it was finished after the last day', async () => {
    // 定时 left with the handover marked 已交接 while waiting; 今日 left with none
    expect((await certificate('定时')).text).toContain('于' + chineseDay(addDays(today, 3)) + '与我单位解除（终止）劳动关系，工作交接手续已办理完毕。');
    const before = await certificate('今日');
    expect(before.text).toContain('工作交接手续尚未办理。');
    expect(before.text).not.toContain('已办理完毕');
    const quit = (await call<QuitRow[]>(`${QUIT}/rosterList`, { keyword: '离职测试今日' })).body.data[0]!;
    expect((await call<EmployeeChangeView>(`${API}/quitProgress/update`, { changeId: quit.change!.id, handoverStatus: 1 })).body.data.after.handoverStatus).toBe(1);
    expect((await certificate('今日')).text).toContain('工作交接手续正在办理中。');
    expect((await call<QuitCertificateInfo>(`${API}/resignationNotice/certificateInfo`, { employeeId: E['今日']!.id })).body.data).toMatchObject({ handoverStatus: 1, handoverStatusLabel: '交接中' });
    await expectUnchanged(() => call(`${API}/resignationNotice/certificateInfo`, { employeeId: E['交接人']!.id }), 400, '离职测试交接人尚未离职，不能开具离职证明');
    // a former employee whose resignation was never recorded here: nothing is claimed about the handover
    await hire('旧档案');
    await t.database.db.execute(sql`update employees set status = 4, leave_date = ${addDays(today, -100)} where id = ${E['旧档案']!.id}`);
    const legacy = await certificate('旧档案');
    expect(legacy.text).toContain(`于${chineseDay(addDays(today, -100))}与我单位解除（终止）劳动关系。`);
    expect(legacy.text).not.toContain('工作交接');
    expect((await call<QuitCertificateInfo>(`${API}/resignationNotice/certificateInfo`, { employeeId: E['旧档案']!.id })).body.data).toMatchObject({ handoverStatus: null, handoverStatusLabel: null });
    await expectUnchanged(() => call(`${API}/resignationNotice/certificateInfo`, { employeeId: E['今日']!.id }, admin, 2), 404, '员工不存在');
  });

  it('carries the company seal when one is enabled, logged as used, and no seal at all without one', async () => {
    const [seal] = await t.rows<{ id: number; name: string; width: number; height: number }>(sql`select id, name, width, height from seals where company_id = 1 and status = 1 and archived_at is null order by id limit 1`);
    const sealed = await certificate('定时');
    expect(sealed.sealed).toBe('1');
    expect(sealed.images).toEqual([{ width: seal!.width, height: seal!.height }]);
    expect((await call<QuitCertificateInfo>(`${API}/resignationNotice/certificateInfo`, { employeeId: E['定时']!.id })).body.data.sealName).toBe(seal!.name);
    const used = await t.rows<{ action: string; detail: unknown }>(sql`select action, detail from seal_usage_log where company_id = 1 and seal_id = ${seal!.id} and action = 'stamp'`);
    expect(used.at(-1)).toEqual({ action: 'stamp', detail: { document: '离职证明', employeeId: E['定时']!.id } });

    await t.database.db.execute(sql`update seals set status = 0 where company_id = 1`);
    try {
      const bare = await certificate('定时');
      expect(bare.sealed).toBe('0');
      expect(bare.images).toEqual([]);
      expect(bare.text).toContain('杭州云帆科技有限公司');
      expect((await call<QuitCertificateInfo>(`${API}/resignationNotice/certificateInfo`, { employeeId: E['定时']!.id })).body.data.sealName).toBeNull();
    } finally {
      await t.database.db.execute(sql`update seals set status = 1 where company_id = 1`);
    }
  });

  it('rehires a former employee with a new hire date; the history stays on the timeline', async () => {
    await expectUnchanged(() => call(`${QUIT}/rehire`, { employeeId: E['今日']!.id, hireDate: today, departmentId: deptId, status: 2 }), 400, /再入职日期：应晚于离职日期/);
    await expectUnchanged(() => call(`${QUIT}/rehire`, { employeeId: E['今日']!.id, hireDate: addDays(today, 1), departmentId: deptId, status: 1 }), 400, '试用期结束日期：试用期入职时必填');
    await expectUnchanged(() => call(`${QUIT}/rehire`, { employeeId: E['交接人']!.id, hireDate: addDays(today, 1), departmentId: deptId, status: 2 }), 400, /不是已离职员工/);
    const r = await call<EmployeeChangeView>(`${QUIT}/rehire`, { employeeId: E['今日']!.id, hireDate: addDays(today, 1), departmentId: deptId, status: 1, probationEndDate: addMonths(addDays(today, 1), 3) });
    expect(r.body.code, r.body.message).toBe(200);
    const e = (await t.rows<{ status: number; hire_date: string; leave_date: string | null }>(sql`select status, hire_date::text, leave_date::text from employees where id = ${E['今日']!.id}`))[0]!;
    expect(e).toEqual({ status: 1, hire_date: addDays(today, 1), leave_date: null });
    const timeline = (await call<EmployeeChangeView[]>(`${API}/companyEmployeeChange/timeline`, { employeeId: E['今日']!.id })).body.data;
    expect(timeline.map((x) => x.type)).toEqual(['rehire', 'quit']);
  });
});

describe('the resignation picker', () => {
  it('leaves out employees whose resignation is waiting for its date or for review; the server still refuses them', async () => {
    await hire('办理中');
    await hire('审批中');
    await hire('在职');
    await call(`${QUIT}/do`, { employeeId: E['办理中']!.id, quitType: 1, reason: '个人发展', lastWorkingDay: addDays(today, 20) });
    await call(`${API}/abnormalChangeSceneConfig/save`, { reviewTypes: ['quit'], defaultProbationMonths: 3 });
    try {
      const review = await call<EmployeeChangeView>(`${QUIT}/do`, { employeeId: E['审批中']!.id, quitType: 1, reason: '个人发展', lastWorkingDay: addDays(today, 20) });
      expect(review.body.data.status).toBe(3);
    } finally {
      await call(`${API}/abnormalChangeSceneConfig/save`, { reviewTypes: [], defaultProbationMonths: 3 });
    }
    const picker = async (body: object) =>
      (await call<EmployeeListItem[]>(`${API}/companyEmployee/pageList`, { keyword: '离职测试', pageSize: 100, status: [1, 2], ...body })).body.data.map((e) => e.name).sort();
    // under review the employee is still 正式, so only the flag keeps them out
    expect(await picker({})).toEqual(expect.arrayContaining(['离职测试审批中', '离职测试在职']));
    const offered = await picker({ excludeResigning: true });
    expect(offered).toContain('离职测试在职');
    expect(offered).not.toContain('离职测试审批中');
    expect(offered).not.toContain('离职测试办理中');
    await expectUnchanged(() => call(`${QUIT}/do`, { employeeId: E['审批中']!.id, quitType: 1, reason: 'x', lastWorkingDay: addDays(today, 20) }), 400, /已有待审批的离职/);
  });
});
