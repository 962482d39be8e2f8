import { idCardCheckChar, type ReminderConfigView, type ReminderOccasion } from '@wfsaas/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../platform/db.ts';
import { runDueJobsOnce } from '../../platform/jobs/index.ts';
import { enqueueDailyJobs } from '../../platform/jobs/runner.ts';
import { departmentIdByName } from '../../test/factories.ts';
import { createTestApp, snapshotCounts, type TestApp } from '../../test/harness.ts';
import { monthDaysOfWindow } from './reminder-dates.ts';
import { readStoredConfig } from './reminders.service.ts';
import { chinaToday, addDays } from '../../platform/china-date.ts';

const BASE = '/wfsaas-saas/api/remind';
let t: TestApp;
let admin: string;
let staff: string;
let departmentId: number;
let seq = 0;

/** A resident ID number born on this date. */
function idNumberBorn(birth: string): string {
  const first17 = `110105${birth.replaceAll('-', '')}${String(100 + (seq % 800)).padStart(3, '0')}`;
  return first17 + idCardCheckChar(first17)!;
}

async function addEmployee(name: string, opts: { birth: string; hireDate: string; probationEndDate?: string; status?: number }): Promise<number> {
  seq++;
  const r = await t.call<{ id: number }>('/wfsaas-saas/api/companyEmployee/add/v2', {
    token: admin,
    companyId: 1,
    body: {
      name,
      mobile: `1357000${String(seq).padStart(4, '0')}`,
      idType: 1,
      idNumber: idNumberBorn(opts.birth),
      departmentId,
      employeeNo: `RM${String(seq).padStart(4, '0')}`,
      hireDate: opts.hireDate,
      employmentType: 1,
      probationEndDate: opts.probationEndDate ?? null,
      ...(opts.status !== undefined ? { status: opts.status } : {}),
    },
  });
  expect(r.body.code, r.body.message).toBe(200);
  return r.body.data.id;
}

async function noticesOf(companyId: number): Promise<{ title: string; content: string; type: number; user_id: number }[]> {
  return rowsOf<{ title: string; content: string; type: number; user_id: number }>(
    await t.database.db.execute(sql`select title, content, type, user_id from messages where company_id = ${companyId} and type = 3 order by id`),
  );
}

async function addContract(employeeId: number, startDate: string, endDate: string | null): Promise<number> {
  const r = await t.call<{ id: number }>('/wfsaas-saas/api/employeeContract/add', {
    token: admin,
    companyId: 1,
    body: endDate ? { employeeId, type: 1, startDate, endDate } : { employeeId, type: 2, startDate },
  });
  expect(r.body.code, r.body.message).toBe(200);
  return r.body.data.id;
}

async function contractNotices(): Promise<{ title: string; content: string; link: string | null }[]> {
  return rowsOf<{ title: string; content: string; link: string | null }>(
    await t.database.db.execute(sql`select title, content, link from messages where company_id = 1 and type = 3 and title like '合同到期提醒%' order by id`),
  );
}

async function runDay(day: string): Promise<number> {
  const n = await enqueueDailyJobs(t.services, day);
  await runDueJobsOnce(t.services);
  return n;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('13800000000');
  staff = await t.login('13800000001');
  departmentId = await departmentIdByName(t, '产品部');
});
afterAll(async () => t?.close());

describe('reminder dates', () => {
  it('maps the window to month-days, a 29 February date to 28 February in a common year', () => {
    expect([...monthDaysOfWindow('2026-12-30', 3)]).toEqual([
      ['12-30', '2026-12-30'],
      ['12-31', '2026-12-31'],
      ['01-01', '2027-01-01'],
      ['01-02', '2027-01-02'],
    ]);
    expect(monthDaysOfWindow('2027-02-27', 2).get('02-29')).toBe('2027-02-28');
    expect(monthDaysOfWindow('2028-02-27', 2).get('02-29')).toBe('2028-02-29');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
  });
});

describe('settings', () => {
  it('answers the defaults before anything is saved, with the number of people who will be reminded', async () => {
    const r = await t.call<ReminderConfigView>(`${BASE}/config/get`, { token: admin, companyId: 1 });
    expect(r.body).toMatchObject({
      code: 200,
      data: { probationEnd: { enabled: true, daysAhead: 15 }, birthday: { enabled: false }, contractExpiry: { enabled: true, daysAhead: 30 }, emails: [], updatedAt: null },
    });
    expect(r.body.data.recipientCount).toBeGreaterThanOrEqual(1);
  });

  it('refuses bad input with a message naming the field, and changes nothing', async () => {
    const before = await snapshotCounts(t.database);
    const base = { probationEnd: { enabled: true, daysAhead: 15 }, birthday: { enabled: true, daysAhead: 3 }, workAnniversary: { enabled: false, daysAhead: 3 }, emails: [] };
    const tooFar = await t.call(`${BASE}/config/save`, { token: admin, companyId: 1, body: { ...base, birthday: { enabled: true, daysAhead: 91 } } });
    expect(tooFar.body.code).toBe(400);
    expect(tooFar.body.message).toContain('员工生日提前天数');
    const badEmail = await t.call(`${BASE}/config/save`, { token: admin, companyId: 1, body: { ...base, emails: ['not-an-email'] } });
    expect(badEmail.body.code).toBe(400);
    expect(badEmail.body.message).toContain('提醒邮箱');
    const missing = await t.call(`${BASE}/config/save`, { token: admin, companyId: 1, body: { birthday: base.birthday } });
    expect(missing.body.code).toBe(400);
    expect(missing.body.message).toContain('试用期到期');
    const denied = await t.call(`${BASE}/config/save`, { token: staff, companyId: 1, body: base });
    expect(denied.status).toBe(403);
    const otherCompany = await t.call(`${BASE}/config/save`, { token: staff, companyId: 2, body: base });
    expect(otherCompany.status).toBe(403);
    expect(await snapshotCounts(t.database)).toEqual(before);
  });

  it('reads a config saved before contract reminders existed with the default contract rule, keeping the rest', async () => {
    const old = { probationEnd: { enabled: false, daysAhead: 20 }, birthday: { enabled: true, daysAhead: 7 }, workAnniversary: { enabled: false, daysAhead: 3 }, emails: ['old@example.com'] };
    await t.database.db.execute(sql`insert into reminder_settings (company_id, config) values (1, ${JSON.stringify(old)}::jsonb)`);
    const r = await t.call<ReminderConfigView>(`${BASE}/config/get`, { token: admin, companyId: 1 });
    expect(r.body.code, r.body.message).toBe(200);
    expect(r.body.data).toMatchObject({ ...old, contractExpiry: { enabled: true, daysAhead: 30 } });
    // a part no longer valid falls back alone; nonsense falls back whole
    expect(readStoredConfig({ ...old, birthday: { enabled: 'yes' } })).toMatchObject({ probationEnd: old.probationEnd, birthday: { enabled: false, daysAhead: 3 }, contractExpiry: { enabled: true } });
    expect(readStoredConfig(null).contractExpiry).toEqual({ enabled: true, daysAhead: 30 });
    await t.database.db.execute(sql`delete from reminder_settings where company_id = 1`);
  });
});

describe('the daily reminders', () => {
  it('reminds once per occasion, in-app to the roster holders and by email, catching up a missed day', async () => {
    const day = '2031-03-01';
    const probation = await addEmployee('试用甲', { birth: '1995-06-01', hireDate: '2030-12-01', probationEndDate: '2031-03-08', status: 1 });
    await addEmployee('试用乙', { birth: '1995-06-02', hireDate: '2030-12-01', probationEndDate: '2031-04-30', status: 1 });
    await addEmployee('寿星丙', { birth: '1990-03-03', hireDate: '2020-07-01' });
    await addEmployee('周年丁', { birth: '1991-07-07', hireDate: '2024-03-05' });
    // hired this year: no anniversary yet
    await addEmployee('新人戊', { birth: '1992-08-08', hireDate: '2031-03-04' });
    const saved = await t.call<ReminderConfigView>(`${BASE}/config/save`, {
      token: admin,
      companyId: 1,
      body: { probationEnd: { enabled: true, daysAhead: 10 }, birthday: { enabled: true, daysAhead: 5 }, workAnniversary: { enabled: true, daysAhead: 7 }, emails: ['HR@Example.com'] },
    });
    expect(saved.body.code, saved.body.message).toBe(200);
    expect(saved.body.data.emails).toEqual(['hr@example.com']);
    // saved without the contract rule (an older page): it takes the default
    expect(saved.body.data.contractExpiry).toEqual({ enabled: true, daysAhead: 30 });

    expect(await runDay(day)).toBeGreaterThanOrEqual(1);
    const notices = await noticesOf(1);
    const probationNotice = notices.filter((n) => n.title.startsWith('试用期到期提醒'));
    expect(probationNotice.length).toBeGreaterThanOrEqual(1);
    expect(probationNotice[0]!.content).toContain('试用甲（3月8日，还有 7 天）');
    expect(probationNotice[0]!.content).not.toContain('试用乙');
    expect(notices.find((n) => n.title.startsWith('员工生日提醒'))!.content).toContain('寿星丙（3月3日，还有 2 天）');
    const anniversary = notices.find((n) => n.title.startsWith('入职周年提醒'))!.content;
    expect(anniversary).toContain('周年丁（3月5日，满 7 年，还有 4 天）');
    expect(anniversary).not.toContain('新人戊');
    // every roster holder gets each notice; the staff member of the demo has no roster permission
    const holders = new Set(notices.map((n) => Number(n.user_id)));
    expect(holders.size).toBeGreaterThanOrEqual(1);
    const emails = rowsOf<{ n: string | number }>(await t.database.db.execute(sql`select count(*) as n from outbox where company_id = 1 and channel = 'email' and subject like '%提醒：%'`));
    expect(Number(emails[0]!.n)).toBe(3);

    // the same day again, and the next day: nothing new
    expect(await runDay(day)).toBe(0);
    await runDay(addDays(day, 1));
    expect(await noticesOf(1)).toHaveLength(notices.length);

    // a new occasion two days later is reminded alone
    await addEmployee('试用己', { birth: '1996-01-01', hireDate: '2031-01-01', probationEndDate: '2031-03-12', status: 1 });
    await runDay(addDays(day, 2));
    const after = await noticesOf(1);
    const added = after.slice(notices.length);
    expect(added.length).toBeGreaterThanOrEqual(1);
    expect(added.every((n) => n.title === '试用期到期提醒：1 名员工' && n.content.includes('试用己') && !n.content.includes('试用甲'))).toBe(true);
    expect(probation).toBeGreaterThan(0);
  });

  it('reminds once of a current contract ending within the window, not of open-ended, renewed or former employees\' contracts', async () => {
    const day = '2032-06-01';
    const hired = '2030-06-16';
    const ending = await addEmployee('合同甲', { birth: '1990-10-10', hireDate: hired, status: 2 });
    await addContract(ending, hired, '2032-06-11');
    const openEnded = await addEmployee('合同乙', { birth: '1990-10-11', hireDate: hired, status: 2 });
    await addContract(openEnded, hired, null);
    const renewed = await addEmployee('合同丙', { birth: '1990-10-12', hireDate: hired, status: 2 });
    const renewedContract = await addContract(renewed, hired, '2032-06-15');
    const renew = await t.call('/wfsaas-saas/api/employeeContractChange/renew', { token: admin, companyId: 1, body: { contractId: renewedContract, type: 1, startDate: '2032-06-16', endDate: '2035-06-15' } });
    expect(renew.body.code, renew.body.message).toBe(200);
    const former = await addEmployee('合同丁', { birth: '1990-10-13', hireDate: hired, status: 2 });
    await addContract(former, hired, '2032-06-12');
    await t.database.db.execute(sql`update employees set status = 4 where company_id = 1 and id = ${former}`);
    const later = await addEmployee('合同戊', { birth: '1990-10-14', hireDate: hired, status: 2 });
    await addContract(later, hired, '2032-07-20');

    const before = (await contractNotices()).length;
    await runDay(day);
    const notices = (await contractNotices()).slice(before);
    expect(notices.length).toBeGreaterThanOrEqual(1);
    expect(notices[0]).toMatchObject({ title: '合同到期提醒：1 名员工', link: '/staffManagement/changeAlternation/renewal' });
    expect(notices[0]!.content).toContain('合同甲（6月11日，还有 10 天）');
    for (const name of ['合同乙', '合同丙', '合同丁', '合同戊']) expect(notices[0]!.content).not.toContain(name);

    // the job again that day and the next: no second notice
    await runDay(day);
    await runDay(addDays(day, 1));
    expect(await contractNotices()).toHaveLength(before + notices.length);
    const emails = rowsOf<{ n: string | number }>(await t.database.db.execute(sql`select count(*) as n from outbox where company_id = 1 and channel = 'email' and subject like '合同到期提醒%'`));
    expect(Number(emails[0]!.n)).toBe(1);
  });

  it('lists what is coming up, for the caller\'s company only', async () => {
    const today = chinaToday();
    const soon = addDays(today, 3);
    await addEmployee('近期庚', { birth: '1993-05-05', hireDate: addDays(today, -60), probationEndDate: soon, status: 1 });
    const r = await t.call<ReminderOccasion[]>(`${BASE}/upcoming`, { token: admin, companyId: 1, body: {} });
    expect(r.body.code).toBe(200);
    expect(r.body.data.find((o) => o.employeeName === '近期庚')).toMatchObject({ kind: 'probationEnd', kindLabel: '试用期到期', date: soon, daysLeft: 3, departmentName: '产品部' });
    const contractEnd = addDays(today, 6);
    const holder = await addEmployee('近期辛', { birth: '1993-05-06', hireDate: addDays(today, -700), status: 2 });
    await addContract(holder, addDays(today, -700), contractEnd);
    const contracts = await t.call<ReminderOccasion[]>(`${BASE}/upcoming`, { token: admin, companyId: 1, body: { kind: 'contractExpiry' } });
    expect(contracts.body.code).toBe(200);
    expect(contracts.body.data.every((o) => o.kind === 'contractExpiry')).toBe(true);
    expect(contracts.body.data.find((o) => o.employeeName === '近期辛')).toMatchObject({ kindLabel: '合同到期', date: contractEnd, daysLeft: 6, years: null });
    expect((await t.call<ReminderOccasion[]>(`${BASE}/upcoming`, { token: admin, companyId: 1, body: {} })).body.data.some((o) => o.employeeName === '近期辛')).toBe(true);
    const byKind = await t.call<ReminderOccasion[]>(`${BASE}/upcoming`, { token: admin, companyId: 1, body: { kind: 'workAnniversary' } });
    expect(byKind.body.data.every((o) => o.kind === 'workAnniversary')).toBe(true);
    const other = await t.call<ReminderOccasion[]>(`${BASE}/upcoming`, { token: admin, companyId: 2, body: {} });
    expect(other.body.code).toBe(200);
    expect(other.body.data.some((o) => o.employeeName === '近期庚')).toBe(false);
    const bad = await t.call(`${BASE}/upcoming`, { token: admin, companyId: 1, body: { kind: 'nope' } });
    expect(bad.body.code).toBe(400);
    expect(bad.body.message).toContain('提醒类型');
  });
});
