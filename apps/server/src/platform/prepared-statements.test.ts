import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf, type Tx } from './db.ts';
import { protocol } from '@electric-sql/pglite';
import { bindExecuteSync, MAX_PREPARED, namedStatements, PREPARE_AFTER, StatementCache } from './prepared-statements.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';

describe('StatementCache', () => {
  it('names a text once it has been used PREPARE_AFTER times, never one without parameters', () => {
    const cache = new StatementCache('s_');
    for (let i = 1; i < PREPARE_AFTER; i += 1) expect(cache.use('select $1', 1)).toBeNull();
    const entry = cache.use('select $1', 1);
    expect(entry?.name).toBe('s_1');
    expect(cache.use('select $1', 1)?.name).toBe('s_1');
    for (let i = 0; i < PREPARE_AFTER + 2; i += 1) expect(cache.use('select 1', 0)).toBeNull();
  });

  it('forgets the least recently used text past its size, and hands its name over to be closed', () => {
    const cache = new StatementCache('s_', 1, 2);
    expect(cache.use('a $1', 1)?.name).toBe('s_1');
    expect(cache.use('b $1', 1)?.name).toBe('s_2');
    cache.use('a $1', 1); // a is now the most recent
    expect(cache.use('c $1', 1)?.name).toBe('s_3');
    expect(cache.size).toBe(2);
    expect(cache.takeEvicted()).toEqual(['s_2']);
    expect(cache.takeEvicted()).toEqual([]);
    // a text seen again after it was forgotten gets a new name
    expect(cache.use('b $1', 1)?.name).toBe('s_4');
    expect(MAX_PREPARED).toBeGreaterThanOrEqual(64);
  });

  it('sends a repeated text over node-postgres with a name, and drops the name when the server no longer has the statement', async () => {
    const sent: unknown[] = [];
    let fail = false;
    const conn = {
      query: (config: unknown, _values?: unknown) => {
        sent.push(config);
        return fail ? Promise.reject(Object.assign(new Error('gone'), { code: '26000' })) : Promise.resolve({ rows: [] });
      },
    };
    const cache = new StatementCache('n_', 2);
    const wrapped = namedStatements(conn, cache);
    await wrapped.query({ text: 'select $1', rowMode: 'array' }, [1]);
    await wrapped.query({ text: 'select $1', rowMode: 'array' }, [2]);
    await wrapped.query('select 1');
    expect(sent).toEqual([{ text: 'select $1', rowMode: 'array' }, { text: 'select $1', rowMode: 'array', name: 'n_1' }, 'select 1']);
    fail = true;
    await expect(wrapped.query({ text: 'select $1' }, [3])).rejects.toThrow('gone');
    fail = false;
    await wrapped.query({ text: 'select $1' }, [4]);
    await wrapped.query({ text: 'select $1' }, [5]);
    expect((sent.at(-1) as { name: string }).name).toBe('n_2');
  });
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const prepared = (tx: Tx, text: string) => tx.execute(sql`select count(*)::int as n from pg_prepared_statements where statement = ${text}`).then((r) => rowsOf<{ n: number }>(r)[0]!.n);

describe('bindExecuteSync', () => {
  it('writes the bytes PGlite’s serializer writes for bind, execute and sync', () => {
    const { serialize } = protocol;
    for (const [name, values] of [
      ['wf_1', []],
      ['wf_27', ['1', null, '', '王芳', '%\\_x', 'a'.repeat(5000)]],
    ] as [string, (string | null)[]][]) {
      const theirs = [serialize.bind({ statement: name, values }), serialize.execute({}), serialize.sync()];
      expect(bindExecuteSync(name, values).equals(Buffer.concat(theirs.map((b) => Buffer.from(b))))).toBe(true);
    }
  });
});

describe('prepared statements on the database', () => {
  it('runs a statement used again and again by name inside a transaction, with each use’s parameters', async () => {
    const text = 'select $1::int * 2 as n, $2::text as label';
    const out = await t.database.inTenant(1, async (tx) => {
      const rows: unknown[] = [];
      for (let i = 0; i < PREPARE_AFTER + 3; i += 1) rows.push(...rowsOf(await tx.execute(sql`select ${i}::int * 2 as n, ${`第${i}`}::text as label`)));
      return { rows, prepared: await prepared(tx, text) };
    });
    expect(out.rows).toEqual(Array.from({ length: PREPARE_AFTER + 3 }, (_, i) => ({ n: i * 2, label: `第${i}` })));
    expect(out.prepared).toBe(1);
  });

  it('keeps row-level security: one prepared text answers each company with its own rows', async () => {
    const companiesSeen = async (companyId: number) =>
      t.database.inTenant(companyId, async (tx) => rowsOf<{ c: number }>(await tx.execute(sql`select distinct company_id::int as c from employees where id > ${0}`)).map((r) => r.c));
    for (let i = 0; i < PREPARE_AFTER + 2; i += 1) expect(await companiesSeen(1)).toEqual([1]);
    const two = await companiesSeen(2);
    expect(two.every((c) => c === 2)).toBe(true);
    expect(await companiesSeen(1)).toEqual([1]);
  });

  it('answers the same rows, columns and counts once prepared as before, in both row shapes', async () => {
    // PGlite: a prepared statement's rows are read from the wire by readResult, the others by PGlite
    const wide = (tx: Tx, i: number) =>
      tx.execute(sql`select ${i}::int2 as small, ${i}::int as n, ${9_000_000_000 + i}::bigint as big, ${`${i}.50`}::numeric(12,2) as money, ${i / 4}::float8 as ratio,
        ${i % 2 === 0}::boolean as even, ${`员工「${i}」`}::text as label, null::text as nothing, ${'2024-02-29'}::date as day,
        ${'2024-03-01 08:30:00.123456+08'}::timestamptz as at, ${JSON.stringify({ 名: i, tags: ['a', 'b'] })}::jsonb as doc,
        array[${`x${i}`}, 'y,z', null]::text[] as words, array[${i}, 2]::int[] as ints, '' as empty
        from generate_series(1, ${(i % 3) + 1}) g`);
    const selected = (tx: Tx, i: number) => tx.select({ n: sql<number>`${i}::int`, label: sql<string>`${`第${i}`}::text`, at: sql<string>`${'2024-03-01 08:30:00+08'}::timestamptz` }).from(sql`generate_series(1, 2)`);
    const before = await t.database.inTenant(1, async (tx) => ({ wide: await wide(tx, 7), selected: await selected(tx, 7) }));
    const after = await t.database.inTenant(1, async (tx) => {
      for (let i = 0; i < PREPARE_AFTER; i += 1) {
        await wide(tx, i);
        await selected(tx, i);
      }
      const out = { wide: await wide(tx, 7), selected: await selected(tx, 7) };
      const named = await tx.execute(sql`select count(*)::int as n from pg_prepared_statements where statement like ${'select $1::int2 as small%'} or statement like ${'select $1::int, $2::text, $3::timestamptz%'}`);
      expect(rowsOf<{ n: number }>(named)[0]!.n).toBe(2);
      return out;
    });
    expect(rowsOf(after.wide)).toEqual(rowsOf(before.wide));
    expect(rowsOf(after.wide)).toHaveLength(2);
    expect(after.selected).toEqual(before.selected);
    const updated = async (tx: Tx) => (await tx.execute(sql`update job_items set done_at = done_at where company_id = ${1} and item_key = ${'none'}`)) as unknown as { affectedRows?: number; rowCount?: number };
    const counts = await t.database.inTenant(1, async (tx) => {
      const all = [];
      for (let i = 0; i < PREPARE_AFTER + 2; i += 1) all.push(await updated(tx));
      return all.map((r) => r.affectedRows ?? r.rowCount);
    });
    expect(new Set(counts)).toEqual(new Set([0]));
  });

  it('reports a constraint violation of a prepared statement with the fields the database gives', async () => {
    const violation = () =>
      t.database
        .inTenant(1, async (tx) => {
          for (let i = 0; i < 2; i += 1) await tx.execute(sql`insert into job_items (company_id, job_id, item_key) values (${1}, ${-1}, ${'twice'})`);
        })
        .then(
          () => null,
          (err: { cause?: Record<string, unknown> }) => {
            const c = err.cause ?? {};
            return { code: c.code, constraint: c.constraint, detail: c.detail, table: c.table, schema: c.schema, severity: c.severity, message: (c as { message?: string }).message };
          },
        );
    const first = await violation();
    expect(first).toMatchObject({ code: '23505', constraint: 'job_items_company_id_job_id_item_key_pk', table: 'job_items', schema: 'public', severity: 'ERROR' });
    for (let i = 0; i < PREPARE_AFTER; i += 1) expect(await violation()).toEqual(first);
  });

  it('reports an error of a prepared statement as the database’s, and the next transaction runs it again', async () => {
    const divide = (tx: Tx, d: number) => tx.execute(sql`select 10 / ${d}::int as q`).then((r) => rowsOf<{ q: number }>(r)[0]!.q);
    for (let i = 0; i < PREPARE_AFTER + 1; i += 1) expect(await t.database.inTenant(1, (tx) => divide(tx, 5))).toBe(2);
    await expect(t.database.inTenant(1, (tx) => divide(tx, 0))).rejects.toMatchObject({ cause: expect.objectContaining({ code: '22012' }) });
    expect(await t.database.inTenant(1, (tx) => divide(tx, 2))).toBe(5);
  });
});
