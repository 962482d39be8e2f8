import { BATCH_STATUS, PAYROLL_API, type PayslipBatchView, type PayslipRowView, type PushPayslipResult } from '@wfsaas/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../platform/db.ts';
import { runDueJobsOnce } from '../../platform/jobs/index.ts';
import { MSG_NO_PUBLIC_URL } from '../../platform/notify.ts';
import { createTestApp, expectUnchanged, type TestApp } from '../../test/harness.ts';
import { readOutbox } from '../../test/outbox.ts';
import { API as ESIGN_API, giveIdNumbers, setUpTemplates } from '../econtracts/econtract-test-support.ts';
import { payslipLinkToken } from '../payslips/payslip-links.ts';

/**
 * Links sent to people start with PUBLIC_URL: a payroll-pushed draft is sent from its own page
 * (payslip/submit) with an SMS short link under it; in production without PUBLIC_URL nothing that
 * carries a link is sent (payslips, contract signing), and an invitation goes without its sign-in
 * address. Each app here is seeded on its own (PUBLIC_URL, NODE_ENV), so they are few.
 */

const PAYSLIP = '/wfsaas-payslip/api/payslip';
const PUBLIC_URL = 'https://hr.example.cn';

type Detail = { batch: PayslipBatchView; rows: PayslipRowView[] };

function client(t: TestApp, token: string) {
  return <T = unknown>(url: string, body: unknown) => t.call<T>(url, { token, companyId: 1, body });
}

/** Invites a phone to company 1 as HR专员 (a sub-account invitation, sent by SMS). */
async function invite(t: TestApp, token: string, phone: string) {
  const [role] = rowsOf<{ id: number }>(await t.database.db.execute(sql`select id from roles where company_id = 1 and name = 'HR专员'`));
  const r = await client(t, token)('/wfsaas-system/api/subAccount/save', { phone, nickname: '新同事', roleIds: [Number(role!.id)] });
  expect(r.body.code, r.body.message).toBe(200);
  return (await readOutbox(t)).filter((m) => m.recipient === phone).at(-1)!;
}

/** Pushes the demo's locked payroll month of company 1 to payslips: a draft batch. */
async function pushDemoRun(t: TestApp, token: string): Promise<PushPayslipResult> {
  const [run] = rowsOf<{ id: number }>(await t.database.db.execute(sql`select id from payroll_runs where company_id = 1 and status = 4 order by id limit 1`));
  const r = await client(t, token)<PushPayslipResult>(`${PAYROLL_API}/run/push-payslip`, { runId: Number(run!.id) });
  expect(r.body.code, r.body.message).toBe(200);
  return r.body.data;
}

describe('with PUBLIC_URL set', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_URL: `${PUBLIC_URL}/` } });
    admin = await t.login('13800000000');
  });
  afterAll(async () => t?.close());

  it('sends a payroll-pushed draft from its page once its rows are matched, each SMS with a short link under PUBLIC_URL', async () => {
    const call = client(t, admin);
    // one employee renamed on the roster after the calculation: the pushed row matches nobody
    const [renamed] = rowsOf<{ employee_id: number; name: string }>(
      await t.database.db.execute(sql`select r.employee_id, r.name from payroll_results r join payroll_runs u on u.id = r.run_id and u.company_id = r.company_id where u.company_id = 1 and u.status = 4 order by r.employee_id limit 1`),
    );
    await t.database.db.execute(sql`update employees set name = ${`${renamed!.name}改`} where company_id = 1 and id = ${renamed!.employee_id}`);
    const pushed = await pushDemoRun(t, admin);
    expect(pushed.matched).toBe(pushed.rowCount - 1);
    const draft = (await call<Detail>(`${PAYSLIP}/detail`, { batchId: pushed.batchId, pageSize: 100 })).body.data;
    expect(draft.batch.status).toBe(BATCH_STATUS.draft);

    const submit = { batchId: pushed.batchId, channels: ['sms'], verifyMethod: 'idNumber', requireSignature: true, autoConfirmDays: 7 };
    await expectUnchanged(t.database, () => call(`${PAYSLIP}/submit`, submit), 400, '还有 1 条工资条未匹配到人员，请先指定人员或删除后再发送');
    const unmatched = draft.rows.find((r) => r.employeeId === null)!;
    expect((await call(`${PAYSLIP}/assign`, { payslipId: unmatched.id, employeeId: Number(renamed!.employee_id) })).body.code).toBe(200);

    const sent = await call<PayslipBatchView>(`${PAYSLIP}/submit`, submit);
    expect(sent.body.code, sent.body.message).toBe(200);
    expect(sent.body.data).toMatchObject({ status: BATCH_STATUS.sending, verifyMethod: 'idNumber', requireSignature: true, autoConfirmDays: 7 });
    await runDueJobsOnce(t.services);

    const after = (await call<Detail>(`${PAYSLIP}/detail`, { batchId: pushed.batchId, pageSize: 100 })).body.data;
    expect(after.batch.status).toBe(BATCH_STATUS.sent);
    const sms = (await readOutbox(t)).filter((m) => m.channel === 'sms' && m.body.includes('工资条，请查看'));
    expect(sms).toHaveLength(pushed.rowCount);
    for (const m of sms) expect(m.body).toMatch(/^【wfsaas】杭州云帆科技有限公司\d{1,2}月工资条，请查看：https:\/\/hr\.example\.cn\/m\/s\/[0-9A-Za-z]{12}$/);

    // each short link leads to its own payslip's phone page
    const tokens = new Set(after.rows.map((r) => payslipLinkToken(t.services, 1, r.id)));
    for (const m of sms) {
      const res = await t.app.inject({ method: 'GET', url: new URL(m.body.slice(m.body.indexOf('https://'))).pathname });
      expect(res.statusCode).toBe(302);
      const token = /^\/m\/payslip\/([\w-]+)$/.exec(String(res.headers.location))![1]!;
      expect(tokens.delete(token)).toBe(true);
      expect((await t.call('/wfsaas-payslip/api/m/payslip/open', { body: { token } })).body.code).toBe(200);
    }
    expect(tokens.size).toBe(0);
  });

  it('points the invitation SMS at the sign-in page under PUBLIC_URL', async () => {
    const sms = await invite(t, admin, '13912345678');
    expect(sms.body).toBe(`【wfsaas】杭州云帆科技有限公司邀请您加入，请于14天内用本手机号登录：${PUBLIC_URL}/login`);
  });
});

describe('in production without PUBLIC_URL', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp({ env: { NODE_ENV: 'production' } });
    admin = await t.login('13800000000');
  });
  afterAll(async () => t?.close());

  it('refuses to send payslips by SMS or email, writing nothing, and still sends in-app', async () => {
    const call = client(t, admin);
    const pushed = await pushDemoRun(t, admin);
    for (const channels of [['sms'], ['app', 'email']]) {
      await expectUnchanged(t.database, () => call(`${PAYSLIP}/submit`, { batchId: pushed.batchId, channels }), 400, MSG_NO_PUBLIC_URL);
    }
    expect((await call(`${PAYSLIP}/submit`, { batchId: pushed.batchId, channels: ['app'] })).body.code).toBe(200);
    await runDueJobsOnce(t.services);
    expect((await readOutbox(t)).filter((m) => m.body.includes('/m/'))).toEqual([]);
  });

  it('refuses to start an employee-first signing that would send its link by SMS, writing nothing', async () => {
    const { packageId } = await setUpTemplates(t, admin);
    const [employeeId] = [...(await giveIdNumbers(t, 1)).keys()];
    const initiate = (notify: boolean) => t.call<{ contractIds: number[] }>(`${ESIGN_API}/contract/initiate`, { token: admin, companyId: 1, body: { employeeId, packageId, signOrder: 2, contractStart: '2026-12-01', contractEnd: '2029-11-30', notify } });
    await expectUnchanged(t.database, () => initiate(true), 400, MSG_NO_PUBLIC_URL);
    // without the SMS, HR shares the link from the contract's page
    expect((await initiate(false)).body.code).toBe(200);
  });

  it('sends the invitation SMS without a link', async () => {
    const sms = await invite(t, admin, '13912345679');
    expect(sms.body).toBe('【wfsaas】杭州云帆科技有限公司邀请您加入 wfsaas 人事系统，请使用本手机号以短信验证码登录后接受邀请，14天内有效。');
  });
});
