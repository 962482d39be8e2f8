import { zEmployeePageList } from '@wfsaas/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf, type Tx } from '../../platform/db.ts';
import { PREPARE_AFTER } from '../../platform/prepared-statements.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { listRosterPage, prefixUpperBound, rosterPageQuery, type ResolvedFilter, type SortSpec } from './employee-list.queries.ts';
import { resolveFilters } from './employee-list.service.ts';

describe('prefixUpperBound', () => {
  it('raises the last character by one code point, past the surrogates', () => {
    expect(prefixUpperBound('E0')).toBe('E1');
    expect(prefixUpperBound('王')).toBe('玌');
    expect(prefixUpperBound('a\u{1F600}')).toBe('a\u{1F601}');
    expect(prefixUpperBound('\uD7FF')).toBe('\uE000');
  });

  it('has no bound for an empty prefix or one ending in the last code point', () => {
    expect(prefixUpperBound('')).toBeNull();
    expect(prefixUpperBound('a\u{10FFFF}')).toBeNull();
  });

  it('bounds exactly the texts that start with the prefix, in code-point order', () => {
    const cmp = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));
    const upper = prefixUpperBound('E0')!;
    for (const t of ['E0', 'E00', 'E0\u{10FFFF}x', 'E0zz']) expect(cmp(t, upper)).toBeLessThan(0);
    for (const t of ['E1', 'E10', 'F']) expect(cmp(t, upper)).toBeGreaterThanOrEqual(0);
  });
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('the roster page with a keyword', () => {
  it('finds employees by a prefix of their number on every use once the statement is prepared, and leaves the plan cache setting as it was', async () => {
    const [someone] = await t.database.inTenant(1, async (tx) =>
      rowsOf<{ employee_no: string }>(await tx.execute(sql`select employee_no from employees where employee_no is not null and archived_at is null order by id limit 1`)),
    );
    const prefix = someone!.employee_no.slice(0, Math.max(1, someone!.employee_no.length - 1));
    const page = async (tx: Tx, keyword: string) => {
      const filter = await resolveFilters(t.services, tx, 1, zEmployeePageList.parse({ keyword }));
      return listRosterPage(tx, 1, filter, { by: 'employeeNo', order: 'asc' }, { offset: 0, limit: 50 });
    };
    for (let i = 0; i < PREPARE_AFTER + 3; i += 1) {
      const out = await t.database.inTenant(1, async (tx) => {
        const before = rowsOf<{ m: string }>(await tx.execute(sql`select current_setting('plan_cache_mode') as m`))[0]!.m;
        const found = await page(tx, prefix);
        const after = rowsOf<{ m: string }>(await tx.execute(sql`select current_setting('plan_cache_mode') as m`))[0]!.m;
        return { found, before, after };
      });
      expect(out.found.rows.map((r) => r.employeeNo)).toContain(someone!.employee_no);
      expect(out.found.rows.every((r) => r.employeeNo?.startsWith(prefix) || r.name.toLowerCase().includes(prefix.toLowerCase()))).toBe(true);
      expect(out.found.total).toBe(out.found.rows.length);
      expect(out.after).toBe(out.before);
    }
    // a number no one has finds nothing
    const none = await t.database.inTenant(1, (tx) => page(tx, `${someone!.employee_no}无此号`));
    expect(none).toEqual({ rows: [], total: 0 });
  });
});

describe('which roster pages are answered from the name tokens alone', () => {
  const keyword = (kw: string) => ({ tokens: kw.length <= 2 ? [kw] : [kw.slice(0, 2), kw.slice(1, 3)], nameLike: `%${kw}%`, employeeNoPrefixes: [kw] });
  const fromTokens = (filter: ResolvedFilter, sort: SortSpec = { by: 'createdAt', order: 'desc' }) =>
    rosterPageQuery(t.database.db, 1, filter, sort, { offset: 0, limit: 10 }).toSQL().sql.includes('t.employee_created_at');
  it('a keyword of one or two characters, within a department and the caller’s scope, in created order', () => {
    expect(fromTokens({ keyword: keyword('王') })).toBe(true);
    expect(fromTokens({ keyword: keyword('王芳'), departmentId: 3 })).toBe(true);
    expect(fromTokens({ keyword: keyword('王'), departmentId: 3, includeSubDepartments: false, scope: [3, 4] }, { by: 'createdAt', order: 'asc' })).toBe(true);
    // a pattern character is searched as itself (escaped in the name's pattern)
    expect(fromTokens({ keyword: { tokens: ['%'], nameLike: '%\\%%', employeeNoPrefixes: ['%'] } })).toBe(true);
  });
  it('not a longer keyword, one whose token is not the keyword itself, another filter or another order', () => {
    expect(fromTokens({ keyword: keyword('王小芳') })).toBe(false);
    expect(fromTokens({ keyword: { tokens: ['a'], nameLike: '%A%', employeeNoPrefixes: ['A'] } })).toBe(false);
    expect(fromTokens({ keyword: keyword('王'), statuses: [2] })).toBe(false);
    expect(fromTokens({ keyword: keyword('王'), positionId: 1 })).toBe(false);
    expect(fromTokens({ keyword: keyword('王'), custom: [{ key: 'x', op: 'eq', value: 1, kind: 'number' }] })).toBe(false);
    expect(fromTokens({ keyword: keyword('王') }, { by: 'hireDate', order: 'desc' })).toBe(false);
    expect(fromTokens({})).toBe(false);
  });
});
