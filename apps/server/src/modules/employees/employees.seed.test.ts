import { isValidChineseIdCard, parseChineseIdCard, type EmployeeListItem } from '@wfsaas/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { seedDemoOrg } from '../org/org.seed.ts';
import { keywordTokens, nameTokens } from './employee-view.ts';
import { makeIdNumber, seededRandom, seedDemoEmployees } from './employees.seed.ts';

/** The demo roster, and the name tokens the keyword search relies on. */

let t: TestApp;
let created: number;

beforeAll(async () => {
  t = await createTestApp();
  // the demo seed's ten placeholder employees are taken out first, as the demo set-up does
  await t.database.db.execute(sql`delete from employees`);
  await seedDemoOrg(t.services);
  created = await seedDemoEmployees(t.services);
});
afterAll(async () => t?.close());

describe('seedDemoEmployees', () => {
  it('makes 200 employees in the first company and 60 in the second', async () => {
    expect(created).toBe(260);
    const counts = await t.rows<{ company_id: number; n: number }>(sql`select company_id, count(*)::int as n from employees group by company_id order by company_id`);
    expect(counts.map((c) => [Number(c.company_id), c.n])).toEqual([
      [1, 200],
      [2, 60],
    ]);
  });

  it('gives everyone a valid ID number agreeing with birth date and gender, and unique mobiles and numbers', async () => {
    const all = await t.rows<{ company_id: number; id_number_enc: string; mobile_enc: string; birth_date: string; gender: number; employee_no: string }>(
      sql`select company_id, id_number_enc, mobile_enc, birth_date::text as birth_date, gender, employee_no from employees`,
    );
    const ids = new Set<string>();
    const mobiles = new Set<string>();
    for (const r of all) {
      const idNumber = t.services.cipher.decrypt(r.id_number_enc);
      expect(isValidChineseIdCard(idNumber), idNumber).toBe(true);
      expect(parseChineseIdCard(idNumber)).toEqual({ birthDate: r.birth_date, gender: r.gender });
      ids.add(`${r.company_id}:${idNumber}`);
      const mobile = t.services.cipher.decrypt(r.mobile_enc);
      expect(mobile).toMatch(/^1[3-9]\d{9}$/);
      mobiles.add(`${r.company_id}:${mobile}`);
    }
    expect(ids.size).toBe(all.length);
    expect(mobiles.size).toBe(all.length);
    expect(new Set(all.map((r) => `${r.company_id}:${r.employee_no}`)).size).toBe(all.length);
  });

  it('covers every status and employment type, spreads over the departments, and fills probation ends', async () => {
    const statuses = await t.rows<{ status: number }>(sql`select distinct status from employees where company_id = 1 order by status`);
    expect(statuses.map((s) => s.status)).toEqual([0, 1, 2, 3, 4]);
    const types = await t.rows<{ t: number }>(sql`select distinct employment_type as t from employees where company_id = 1 order by 1`);
    expect(types.map((s) => s.t)).toEqual([1, 2, 3, 4, 5, 6]);
    const depts = await t.rows<{ n: number }>(sql`select count(distinct department_id)::int as n from employees where company_id = 1 and department_id is not null`);
    expect(depts[0]!.n).toBeGreaterThanOrEqual(10);
    const probation = await t.rows<{ n: number }>(sql`select count(*)::int as n from employees where status = 1 and (probation_end_date is null or probation_end_date < current_date)`);
    expect(probation[0]!.n).toBe(0);
    const old = await t.rows<{ n: number }>(sql`select count(*)::int as n from employees where hire_date < current_date - interval '6 years' - interval '1 day'`);
    expect(old[0]!.n).toBe(0);
  });

  it('is found by the roster’s keyword search, and is not made twice', async () => {
    const admin = await t.login('13800000000');
    const [one] = await t.rows<{ name: string }>(sql`select name from employees where company_id = 1 order by id limit 1`);
    const r = await t.call<EmployeeListItem[]>('/wfsaas-saas/api/companyEmployee/pageList', { token: admin, companyId: 1, body: { keyword: one!.name } });
    expect(r.body.data.map((e) => e.name)).toContain(one!.name);
    expect(r.body.data[0]!.departmentPathNames.length).toBeGreaterThan(0);
    expect(await seedDemoEmployees(t.services)).toBe(0);
  });
});

describe('helpers', () => {
  it('makeIdNumber writes valid numbers with the gender digit', () => {
    expect(makeIdNumber('110105', '1949-12-31', 0, 2)).toMatch(/^11010519491231\d{3}[\dX]$/);
    for (let i = 0; i < 50; i++) {
      const male = makeIdNumber('330106', '1990-01-01', i * 7, 1);
      expect(parseChineseIdCard(male)).toEqual({ birthDate: '1990-01-01', gender: 1 });
      expect(parseChineseIdCard(makeIdNumber('330106', '1990-01-01', i * 7, 2))!.gender).toBe(2);
    }
  });
  it('seededRandom repeats for the same seed', () => {
    const a = seededRandom(42);
    const b = seededRandom(42);
    expect([a(), a(), a()]).toEqual([b(), b(), b()]);
  });
  it('name tokens hold every character and neighbouring pair; keyword tokens the pairs', () => {
    expect(nameTokens('欧阳娜娜').sort()).toEqual(['娜', '娜娜', '欧', '欧阳', '阳', '阳娜'].sort());
    expect(nameTokens(' Anna ').sort()).toEqual(['a', 'an', 'n', 'na', 'nn'].sort());
    expect(keywordTokens('娜')).toEqual(['娜']);
    expect(keywordTokens('欧阳娜')).toEqual(['欧阳', '阳娜']);
  });
});
