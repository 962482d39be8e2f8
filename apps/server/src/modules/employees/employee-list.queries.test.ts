import { zEmployeePageList } from '@wfsaas/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf, type Tx } from '../../platform/db.ts';
import { PREPARE_AFTER } from '../../platform/prepared-statements.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { listRosterPage, prefixUpperBound, rosterPageQuery, withRosterPlans, type ResolvedFilter, type SortSpec } from './employee-list.queries.ts';
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
  it('finds employees by a prefix of their number on every use once the statement is prepared; its planner settings end with its transaction', async () => {
    const [someone] = await t.database.inTenant(1, async (tx) =>
      rowsOf<{ employee_no: string }>(await tx.execute(sql`select employee_no from employees where employee_no is not null and archived_at is null order by id limit 1`)),
    );
    const prefix = someone!.employee_no.slice(0, Math.max(1, someone!.employee_no.length - 1));
    const page = async (tx: Tx, keyword: string) => {
      const filter = await resolveFilters(t.services, tx, 1, zEmployeePageList.parse({ keyword }));
      return listRosterPage(tx, 1, filter, { by: 'employeeNo', order: 'asc' }, { offset: 0, limit: 50 });
    };
    const settings = async (tx: Tx) => rowsOf<{ m: string }>(await tx.execute(sql`select current_setting('plan_cache_mode') || ' ' || current_setting('enable_seqscan') as m`))[0]!.m;
    for (let i = 0; i < PREPARE_AFTER + 3; i += 1) {
      const out = await t.database.inTenant(1, async (tx) => {
        const before = await settings(tx);
        const found = await page(tx, prefix);
        return { found, before, after: await settings(tx) };
      });
      expect(out.found.rows.map((r) => r.employeeNo)).toContain(someone!.employee_no);
      expect(out.found.rows.every((r) => r.employeeNo?.startsWith(prefix) || r.name.toLowerCase().includes(prefix.toLowerCase()))).toBe(true);
      expect(out.found.total).toBe(out.found.rows.length);
      expect(out.before).toBe('auto on');
      expect(out.after).toBe('force_generic_plan off');
      expect(await t.database.inTenant(1, settings)).toBe('auto on');
    }
    // a number no one has finds nothing
    const none = await t.database.inTenant(1, (tx) => page(tx, `${someone!.employee_no}无此号`));
    expect(none).toEqual({ rows: [], total: 0 });
  });
});

describe('the planner settings of a roster read', () => {
  const explain = async (tx: Tx, filter: ResolvedFilter, sort: SortSpec) =>
    rowsOf<Record<string, string>>(await tx.execute(sql`explain ${rosterPageQuery(tx, 1, filter, sort, { offset: 0, limit: 10 })}`))
      .map((r) => Object.values(r)[0])
      .join('\n');
  const plan = async (filter: ResolvedFilter, sort: SortSpec) => ({
    inside: await t.database.inTenant(1, (tx) => withRosterPlans(tx, Boolean(filter.keyword), () => explain(tx, filter, sort))),
    // the settings end with their transaction
    outside: await t.database.inTenant(1, (tx) => explain(tx, filter, sort)),
  });
  it('reads the organisation names of a page by primary key, with or without a keyword; the next transaction plans as before', async () => {
    // with their statistics, as the daily upkeep or autovacuum gathers them: a page each
    await t.database.db.execute(sql`analyze departments, positions, ranks, cost_centers`);
    const keyword = { tokens: ['王'], nameLike: '%王%', employeeNoPrefixes: ['王'] };
    for (const [filter, sort] of [
      [{}, { by: 'createdAt', order: 'desc' }],
      [{ keyword, departmentId: 1 }, { by: 'createdAt', order: 'desc' }],
      [{ keyword, statuses: [1, 2] }, { by: 'hireDate', order: 'asc' }],
    ] as [ResolvedFilter, SortSpec][]) {
      const { inside, outside } = await plan(filter, sort);
      expect(inside).not.toMatch(/Seq Scan on (departments|positions|ranks|cost_centers)/);
      // the small tables are scanned without the setting: the test would notice if the setting stopped mattering
      expect(outside).toMatch(/Seq Scan on (departments|positions|ranks|cost_centers)/);
    }
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
