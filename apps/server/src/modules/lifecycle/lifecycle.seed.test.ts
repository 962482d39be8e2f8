import type { ConversionCounts, QuitRow, RenewalCounts, TransferRow } from '@wfsaas/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { seedDemoEmployees } from '../employees/employees.seed.ts';
import { seedDemoOrg } from '../org/org.seed.ts';
import { seedDemoPayroll } from '../payroll/payroll.seed.ts';
import { seedDemoLifecycle } from './lifecycle.seed.ts';

/** The demo history of changes: every change screen has rows, and the roster has salaries. */

let t: TestApp;
let admin: string;
let made: number;

beforeAll(async () => {
  t = await createTestApp();
  await t.database.db.execute(sql`delete from employees`);
  await seedDemoOrg(t.services);
  await seedDemoEmployees(t.services);
  made = await seedDemoLifecycle(t.services);
  admin = await t.login('13800000000');
}, 120_000);
afterAll(async () => t?.close());

describe('seedDemoLifecycle', () => {
  it('gives every live employee of the first company a salary, and runs once', async () => {
    expect(made).toBeGreaterThanOrEqual(8);
    const [none] = await t.rows<{ n: number }>(sql`select count(*)::int as n from employees where company_id = 1 and archived_at is null and salary is null`);
    expect(none!.n).toBe(0);
    expect(await seedDemoLifecycle(t.services)).toBe(0);
  });

  it('fills the change screens: a waiting regularisation, transfers, a resignation under way and a former employee', async () => {
    const call = <T>(url: string, body: object) => t.call<T>(url, { token: admin, companyId: 1, body });
    const counts = (await call<ConversionCounts>('/wfsaas-saas/api/employeeRegularWorker/counts', {})).body.data;
    expect(counts.waiting).toBe(1);
    expect(counts.done).toBeGreaterThanOrEqual(2);
    const transfers = (await call<TransferRow[]>('/wfsaas-saas/api/companyEmployeeChange/pageList', {})).body.data;
    expect(transfers.map((x) => x.statusLabel).sort()).toEqual(['已生效', '待生效']);
    expect((await call<QuitRow[]>('/wfsaas-saas/api/companyEmployeeQuit/pageList', {})).body.data).toHaveLength(1);
    const left = (await call<QuitRow[]>('/wfsaas-saas/api/companyEmployeeQuit/rosterList', { pageSize: 100 })).body.data;
    expect(left.some((x) => x.quitTypeLabel === '合同到期不续签')).toBe(true);
    // every former employee has a recorded resignation, so the certificate can state the handover
    expect(left.every((x) => x.change !== null && x.quitTypeLabel !== '—')).toBe(true);
    expect(new Set(left.map((x) => x.handoverStatusLabel))).toEqual(new Set(['已交接', '交接中']));
  });

  it('gives everyone on the job one current labour contract, renewed up to today, some ending soon', async () => {
    const [missing] = await t.rows<{ n: number }>(
      sql`select count(*)::int as n from employees e where e.company_id = 1 and e.archived_at is null and e.status in (1, 2, 3) and not exists (select 1 from labour_contracts k where k.company_id = 1 and k.employee_id = e.id and k.status = 1)`,
    );
    expect(missing!.n).toBe(0);
    const [gaps] = await t.rows<{ n: number }>(
      sql`select count(*)::int as n from labour_contracts k join labour_contracts p on p.company_id = k.company_id and p.id = k.renewed_from where k.start_date <> p.end_date + 1`,
    );
    expect(gaps!.n).toBe(0);
    const counts = (await t.call<RenewalCounts>('/wfsaas-saas/api/employeeContractChange/renewalCounts', { token: admin, companyId: 1, body: {} })).body.data;
    expect(counts.expiring).toBeGreaterThan(0);
    expect(counts.renewed).toBeGreaterThan(0);
  });
});

describe('the demo payroll seeded after the roster’s pay', () => {
  it('pays a whole month’s members their roster salary as 基本工资 and nobody a negative 实发工资', async () => {
    await t.database.db.execute(sql`truncate payroll_groups, payroll_data_tables cascade`);
    expect(await seedDemoPayroll(t.services)).toBeGreaterThan(100);
    const results = await t.rows<{ basic: string; salary: string; net: string; whole: boolean }>(
      sql`select r.values->>'基本工资' as basic, e.salary::text as salary, r.net::text as net, e.hire_date < to_date(p.month || '-01', 'YYYY-MM-DD') and (e.leave_date is null or e.leave_date >= to_date(p.month || '-01', 'YYYY-MM-DD') + interval '1 month' - interval '1 day')
            -- and one salary all month, the roster's: no pay change taking effect from the month's first day on
            and not exists (select 1 from employee_changes c where c.company_id = 1 and c.employee_id = e.id and c.status in (0, 1) and c.after ->> 'salary' is not null and c.effective_date > to_date(p.month || '-01', 'YYYY-MM-DD')) as whole
          from payroll_results r join payroll_runs p on p.id = r.run_id join employees e on e.id = r.employee_id where r.company_id = 1`,
    );
    const whole = results.filter((r) => r.whole);
    expect(whole.length).toBeGreaterThan(100);
    expect(whole.filter((r) => r.basic !== r.salary)).toEqual([]);
    expect(results.filter((r) => Number(r.net) <= 0)).toEqual([]);
  });
});
