import { randomBytes } from 'node:crypto';
import type { Tx } from '../apps/server/src/platform/db.ts';
import { benchDatabases, type BenchOptions, machineInfo } from './lib/options.ts';

/**
 * `payslips`: one month's payslips for 10,000 employees end to end — a generated two-row-header xlsx
 * uploaded to payslip/header (header detection, parse, keep the file), payslip/add (parse again,
 * match every row to an employee by name + mobile through the look-up hashes, insert the rows),
 * payslip/submit on the in-app channel and the send job (per payslip: pending → sent once, its link
 * and a hash-chained event per chunk), then 100 phone-page views (open → SMS code → verify → view).
 * Targets: import (header + add) ≤ 10 s, send ≤ 30 s. On PGlite, and on PostgreSQL when DATABASE_URL is set.
 */

const ROWS = 10_000;
const VIEWS = 100;
export const TARGET_IMPORT_SECONDS = 10;
export const TARGET_SEND_SECONDS = 30;
const API = '/wfsaas-payslip/api';

type Step = { step: string; ms: number };

const mobileOf = (i: number) => `158${String(10_000_000 + i).slice(-8)}`;
const NAMES = ['张伟', '王芳', '李娜', '刘洋', '陈静', '杨磊', '赵敏', '黄强', '周婷', '吴昊', '徐明', '孙丽', '马超', '朱琳', '胡军', '郭敏'];

async function runOnce(database: 'pglite' | 'postgresql'): Promise<{ steps: Step[]; sent: number }> {
  if (database === 'postgresql') process.env.TEST_DATABASE_URL = process.env.DATABASE_URL;
  else delete process.env.TEST_DATABASE_URL;
  const { createTestApp } = await import(`../apps/server/src/test/harness.ts?db=${database}`);
  const { runDueJobsOnce } = await import('../apps/server/src/platform/jobs/index.ts');
  const { employees } = await import('../apps/server/src/db/schema/index.ts');
  const { buildPayslipWorkbook, TWO_ROW_HEADER, TWO_ROW_MERGES } = await import('../apps/server/src/modules/payslips/payslip-fixtures.ts');
  const { payslipLinkToken } = await import('../apps/server/src/modules/payslips/payslip-links.ts');
  const { sql } = await import('drizzle-orm');
  const { rowsOf } = await import('../apps/server/src/platform/db.ts');
  const t = await createTestApp();
  try {
    const { cipher } = t.services;
    const people = Array.from({ length: ROWS }, (_, i) => ({ name: `${NAMES[i % NAMES.length]}${Math.floor(i / NAMES.length)}`, mobile: mobileOf(i) }));
    for (let i = 0; i < ROWS; i += 1000) {
      await t.database.inTenant(1, (tx: Tx) =>
        tx.insert(employees).values(
          people.slice(i, i + 1000).map((p, j) => ({
            companyId: 1,
            name: p.name,
            employeeNo: `B${i + j}`,
            mobileEnc: cipher.encrypt(p.mobile),
            mobileHash: cipher.lookupHash(p.mobile),
            mobileMasked: `${p.mobile.slice(0, 3)}****${p.mobile.slice(-4)}`,
          })),
        ),
      );
    }
    const file = await buildPayslipWorkbook({
      header: TWO_ROW_HEADER,
      merges: TWO_ROW_MERGES,
      rows: people.map((p, i) => [p.name, p.mobile, '研发部', 8000 + (i % 500), 1000, i % 7 === 0 ? 0 : 300, 120.5, 9000 + (i % 500)]),
    });
    const token = await t.login('13800000000');
    const headers = { authorization: `Bearer ${token}`, companyid: '1' };
    const steps: Step[] = [];
    let mark = performance.now();
    const lap = (step: string) => {
      const now = performance.now();
      steps.push({ step, ms: Math.round(now - mark) });
      mark = now;
    };
    const boundary = `----bench${randomBytes(6).toString('hex')}`;
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="payroll.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`),
      file,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const up = (await t.app.inject({ method: 'POST', url: `${API}/payslip/header`, headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload })).json() as {
      code: number;
      message: string;
      data: { fileId: number; headerRows: 1 | 2; identity: unknown[]; columns: unknown[]; rowCount: number };
    };
    if (up.code !== 200 || up.data.rowCount !== ROWS) throw new Error(`header: ${up.message}`);
    lap('header');
    const add = (await t.call(`${API}/payslip/add`, { token, companyId: 1, body: { fileId: up.data.fileId, month: '2026-10', title: '压测工资条', headerRows: up.data.headerRows, identity: up.data.identity, columns: up.data.columns } }))
      .body as { code: number; message: string; data: { batchId: number; matched: number } };
    if (add.code !== 200 || add.data.matched !== ROWS) throw new Error(`add: ${add.message} matched ${add.data?.matched}`);
    lap('add (match + insert)');
    const submit = (await t.call(`${API}/payslip/submit`, { token, companyId: 1, body: { batchId: add.data.batchId, channels: ['app'] } })).body as { code: number; message: string };
    if (submit.code !== 200) throw new Error(`submit: ${submit.message}`);
    await runDueJobsOnce(t.services);
    lap('submit + send job');
    const ids = rowsOf<{ id: string | number }>(await t.database.db.execute(sql`select id from payslips where batch_id = ${add.data.batchId} and status = 1 order by id limit ${VIEWS}`));
    for (const [n, r] of ids.entries()) {
      const link = payslipLinkToken(t.services, 1, Number(r.id));
      const ip = `10.1.${Math.floor(n / 200)}.${n % 200}`;
      await t.call(`${API}/m/payslip/open`, { body: { token: link } });
      const sms = (await t.call(`${API}/m/payslip/sms`, { body: { token: link }, headers: { 'x-forwarded-for': ip } })).body as { code: number; message: string };
      if (sms.code !== 200) throw new Error(`sms: ${sms.message}`);
      const [o] = rowsOf<{ body: string }>(await t.database.db.execute(sql`select body from outbox where body like '%查看工资条%' order by id desc limit 1`));
      const code = /验证码为(\d{6})/.exec(o!.body)![1]!;
      const v = (await t.call(`${API}/m/payslip/verify-sms`, { body: { token: link, code } })).body as { code: number; data: { ticket: string } };
      const view = (await t.call(`${API}/m/payslip/view`, { body: { token: link, ticket: v.data.ticket } })).body as { code: number; message: string };
      if (view.code !== 200) throw new Error(`view: ${view.message}`);
    }
    lap(`${VIEWS} phone views (4 calls each)`);
    const [sent] = rowsOf<{ n: string | number }>(await t.database.db.execute(sql`select count(*) as n from payslips where batch_id = ${add.data.batchId} and status in (1, 2)`));
    return { steps, sent: Number(sent!.n) };
  } finally {
    await t.close();
  }
}

export async function runPayslipBench(opts: BenchOptions): Promise<void> {
  const m = machineInfo();
  console.log(`machine: ${m.cores} cores, ${m.cpu}, node ${m.node}, load ${m.loadAverage}`);
  for (const db of benchDatabases(opts)) {
    const r = await runOnce(db);
    const ms = (name: string) => r.steps.filter((s) => s.step.startsWith(name)).reduce((a, s) => a + s.ms, 0);
    const importMs = ms('header') + ms('add');
    const sendMs = ms('submit');
    const verdict = importMs <= TARGET_IMPORT_SECONDS * 1000 && sendMs <= TARGET_SEND_SECONDS * 1000 ? 'PASS' : 'FAIL';
    console.log(`payslips ${ROWS} rows on ${db}: import ${(importMs / 1000).toFixed(1)} s (≤ ${TARGET_IMPORT_SECONDS} s), send ${(sendMs / 1000).toFixed(1)} s (≤ ${TARGET_SEND_SECONDS} s) ${verdict}; sent ${r.sent}`);
    for (const s of r.steps) console.log(`  ${s.step.padEnd(32)} ${(s.ms / 1000).toFixed(2)} s`);
  }
}
