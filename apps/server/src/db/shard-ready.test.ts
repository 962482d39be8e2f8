import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.ts';

/**
 * The schema stays ready to be distributed by company (docs/scaling.md): every tenant table leads its
 * primary key and unique indexes with its distribution column, and keys between tenant tables carry it.
 * A table without company_id must be declared below with the reason it is platform-wide.
 */

/** Tables distributed by a column other than company_id. */
const DISTRIBUTED_BY: Record<string, string> = { os_custody_links: 'provider_company_id' };

/**
 * Platform-wide tables: reference tables on a sharded cluster (companies, whose credit code is unique
 * across the platform, the identities, the help centre, the platform's sales leads), which tenant tables
 * may reference freely. Those naming a company hold the platform's records about it, not the company's own.
 */
const PLATFORM_TABLES = new Set([
  'companies',
  'users',
  'sessions',
  'sms_codes',
  'login_failures',
  'login_locks',
  'platform_ca',
  'password_history',
  'help_columns',
  'help_articles',
  'help_audit_log',
  'help_feedback',
  'leads',
  'lead_events',
  'company_promoters',
]);

/**
 * Tables found by a token's hash before the company is known, and the outbox its delivery claims
 * across companies: they carry company_id but stay on the coordinator, without row-level security.
 */
const ROUTING_TABLES = new Set(['cache_temp', 'temp_tokens', 'payslip_links', 'onboarding_links', 'short_links', 'outbox']);

type TableRow = { name: string; hasCompany: boolean; rls: boolean };
type IndexRow = { table: string; index: string; primary: boolean; first: string };
type ForeignKeyRow = { name: string; table: string; target: string; columns: string[] };

let t: TestApp;
let tables: TableRow[];

const distributionColumn = (table: string): string | null =>
  DISTRIBUTED_BY[table] ?? (tables.find((r) => r.name === table)?.hasCompany && !ROUTING_TABLES.has(table) && !PLATFORM_TABLES.has(table) ? 'company_id' : null);

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  tables = await t.rows<TableRow>(sql`
    select c.relname as name, c.relrowsecurity as rls,
           exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'company_id' and not a.attisdropped) as "hasCompany"
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relkind in ('r', 'p') and c.relname not like '\\_\\_%'`);
});
afterAll(async () => t?.close());

describe('shard-ready schema', () => {
  it('declares every table without company_id', () => {
    const undeclared = tables.filter((r) => !r.hasCompany && !PLATFORM_TABLES.has(r.name) && !(r.name in DISTRIBUTED_BY)).map((r) => r.name);
    expect(undeclared).toEqual([]);
    const stale = [...PLATFORM_TABLES, ...ROUTING_TABLES, ...Object.keys(DISTRIBUTED_BY)].filter((n) => !tables.some((r) => r.name === n));
    expect(stale).toEqual([]);
  });

  it('leads every primary key and unique index of a tenant table with its distribution column', async () => {
    const indexes = await t.rows<IndexRow>(sql`
      select c.relname as "table", ic.relname as index, i.indisprimary as primary, a.attname as first
        from pg_index i
        join pg_class c on c.oid = i.indrelid
        join pg_class ic on ic.oid = i.indexrelid
        join pg_namespace n on n.oid = c.relnamespace
        join pg_attribute a on a.attrelid = c.oid and a.attnum = i.indkey[0]
       where n.nspname = 'public' and i.indisunique`);
    const wrong = indexes
      .filter((ix) => {
        const column = distributionColumn(ix.table);
        return column !== null && ix.first !== column;
      })
      .map((ix) => `${ix.table}.${ix.index} leads with ${ix.first}`);
    expect(wrong).toEqual([]);
    const withoutPrimary = tables.filter((r) => distributionColumn(r.name) && !indexes.some((ix) => ix.table === r.name && ix.primary)).map((r) => r.name);
    expect(withoutPrimary).toEqual([]);
  });

  it('carries the distribution column in every foreign key between tenant tables', async () => {
    const keys = await t.rows<ForeignKeyRow>(sql`
      select con.conname as name, src.relname as "table", dst.relname as target,
             array(select a.attname::text from pg_attribute a where a.attrelid = con.conrelid and a.attnum = any(con.conkey)) as columns
        from pg_constraint con
        join pg_class src on src.oid = con.conrelid
        join pg_class dst on dst.oid = con.confrelid
       where con.contype = 'f'`);
    const wrong = keys
      .filter((k) => {
        const column = distributionColumn(k.table);
        return column !== null && distributionColumn(k.target) !== null && !k.columns.includes(column);
      })
      .map((k) => `${k.table}.${k.name} → ${k.target}`);
    expect(wrong).toEqual([]);
  });

  it('puts row-level security on every tenant table', () => {
    const open = tables.filter((r) => distributionColumn(r.name) === 'company_id' && !r.rls).map((r) => r.name);
    expect(open).toEqual([]);
  });
});
