import { PGlite, type QueryOptions, type Transaction as PgliteTx } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { PgDialect } from 'drizzle-orm/pg-core';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { APP_ROLE } from '../db/schema/tenancy.ts';
import { namedStatements, pglitePreparedQuery, StatementCache } from './prepared-statements.ts';

export type Db = PgDatabase<PgQueryResultHKT>;
export type Tx = PgTransaction<PgQueryResultHKT, Record<string, never>>;
/** Anything a query function can run on: the database or an open transaction. */
export type Executor = Db | Tx;

export type Database = {
  kind: 'pglite' | 'pg';
  db: Db;
  /** Runs fn in a transaction as the application role with the company set, so RLS applies. */
  inTenant<T>(companyId: number, fn: (tx: Tx) => Promise<T>): Promise<T>;
  /** Runs fn in a plain transaction as the owner (platform work that spans companies). */
  inTransaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /**
   * PGlite only: the whole data directory as a tarball, which `openDatabase({ loadDataDir })` opens
   * again as an exact copy (the API tests' prepared database).
   */
  dumpDataDir?(): Promise<Blob>;
  /**
   * PGlite only: the upkeep PostgreSQL's autovacuum does on a server, which the embedded database
   * lacks — VACUUM (ANALYZE) of every table, so dead rows are reclaimed, statistics stay current and
   * index-only scans need not visit the table. The job runner calls it once a day.
   */
  maintain?(): Promise<void>;
  /**
   * Refreshes the planner's statistics of these tables (ANALYZE, as the owner, outside any tenant
   * transaction), after a batch of writes large enough to change how their queries should be planned:
   * PostgreSQL's autovacuum would do it up to a minute later, PGlite never. Not inside a transaction.
   */
  analyze(tables: readonly string[]): Promise<void>;
  /** PostgreSQL server only: the connection pool's use (the metrics read it). */
  poolStats?(): { total: number; idle: number; waiting: number; max: number };
};

/** ANALYZE of these tables as one statement; the names are checked, not quoted from input. */
function analyzeStatement(tables: readonly string[]): string {
  for (const t of tables) if (!/^[a-z_][a-z0-9_]*$/.test(t)) throw new Error(`analyze: not a table name: ${t}`);
  return `analyze ${tables.join(', ')}`;
}

export const MIGRATIONS_FOLDER = join(dirname(fileURLToPath(import.meta.url)), '../db/migrations');

/** Role creation lives outside migrations: roles are cluster-wide on a PostgreSQL server. */
const ENSURE_ROLE = `
DO $$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '${APP_ROLE}') THEN
    CREATE ROLE ${APP_ROLE} NOLOGIN;
  END IF;
EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
END $$;`;

/** Idempotent; runs after the migrations at every start. */
const GRANTS = `
GRANT USAGE ON SCHEMA public TO ${APP_ROLE};
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${APP_ROLE};
GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA public TO ${APP_ROLE};
REVOKE UPDATE, DELETE, TRUNCATE ON audit_log FROM ${APP_ROLE};
CREATE OR REPLACE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN RAISE EXCEPTION 'audit_log is append-only'; END $$;
DROP TRIGGER IF EXISTS audit_log_append_only ON audit_log;
CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();
REVOKE UPDATE, DELETE, TRUNCATE ON custody_transactions, custody_postings FROM ${APP_ROLE};
CREATE OR REPLACE FUNCTION ledger_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN RAISE EXCEPTION 'the custody ledger is append-only: correct it with a reversing transaction'; END $$;
DROP TRIGGER IF EXISTS custody_transactions_append_only ON custody_transactions;
CREATE TRIGGER custody_transactions_append_only BEFORE UPDATE OR DELETE ON custody_transactions FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
DROP TRIGGER IF EXISTS custody_postings_append_only ON custody_postings;
CREATE TRIGGER custody_postings_append_only BEFORE UPDATE OR DELETE ON custody_postings FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
REVOKE INSERT, UPDATE, DELETE, TRUNCATE ON help_columns, help_articles, help_audit_log FROM ${APP_ROLE};
GRANT UPDATE (view_count) ON help_articles TO ${APP_ROLE};
DROP TRIGGER IF EXISTS help_audit_log_append_only ON help_audit_log;
CREATE TRIGGER help_audit_log_append_only BEFORE UPDATE OR DELETE ON help_audit_log FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();
REVOKE ALL ON leads, lead_events, company_promoters FROM ${APP_ROLE};
CREATE OR REPLACE FUNCTION lead_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN RAISE EXCEPTION 'lead_events is append-only'; END $$;
DROP TRIGGER IF EXISTS lead_events_append_only ON lead_events;
CREATE TRIGGER lead_events_append_only BEFORE UPDATE OR DELETE ON lead_events FOR EACH ROW EXECUTE FUNCTION lead_events_append_only();
CREATE OR REPLACE FUNCTION audit_log_retention_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND current_setting('app.audit_retention', true) = 'on' AND OLD.created_at < now() - interval '180 days' THEN RETURN OLD; END IF;
  RAISE EXCEPTION 'audit_log is append-only';
END $$;
DROP TRIGGER IF EXISTS audit_log_append_only ON audit_log;
CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_log_retention_guard();
`;

function checkedCompanyId(companyId: number): number {
  if (!Number.isSafeInteger(companyId) || companyId <= 0) throw new Error('invalid company id');
  return companyId;
}

function tenantSetup(companyId: number) {
  return sql`select set_config('role', ${APP_ROLE}, true), set_config('app.company_id', ${String(checkedCompanyId(companyId))}, true)`;
}

/** The same setup as one parameterless statement, for PGlite's simple protocol (no parse/bind round). */
function tenantSetupText(companyId: number): string {
  return `select set_config('role', '${APP_ROLE}', true), set_config('app.company_id', '${checkedCompanyId(companyId)}', true)`;
}

/**
 * Types drizzle asks PGlite to return as text. Installed once on the instance, so no query needs to
 * carry its own parser table (PGlite copies its whole table for every query that does).
 */
const TEXT_TYPES = [1114, 1184, 1186, 1082, 1231, 1115, 1185, 1187, 1182];
const textParsers = Object.fromEntries(TEXT_TYPES.map((t) => [t, (v: string) => v]));

type PgliteQueryable = Pick<PgliteTx, 'query'>;

function leanQuery(c: PgliteQueryable): PgliteTx['query'] {
  return (text, params, opts?: QueryOptions) => c.query(text, params, opts?.rowMode ? { rowMode: opts.rowMode } : undefined);
}

/** Inside a transaction: the statements seen often run as prepared statements (prepared-statements.ts). */
function preparedLeanQuery(c: PgliteQueryable, prepared: ReturnType<typeof pglitePreparedQuery>): PgliteTx['query'] {
  const plain = leanQuery(c);
  return (text, params, opts?: QueryOptions) => prepared(text, params ?? [], opts?.rowMode ? { rowMode: opts.rowMode } : undefined, () => plain(text, params, opts));
}

/**
 * The client drizzle sees: PGlite's query without the per-query parsers (the instance has them), and
 * transactions that can start with a statement sent over the simple protocol — the tenant setup.
 * drizzle calls `transaction` synchronously from `db.transaction`, so the setup queued just before
 * belongs to that very transaction.
 */
function leanPgliteClient(client: PGlite) {
  let queuedSetup: string | null = null;
  let current: PgliteQueryable | null = null;
  const prepared = pglitePreparedQuery(client, new StatementCache('wf_'));
  return {
    /** The query of the transaction running now, prepared statements included (PGlite runs one transaction at a time). */
    currentTransaction: () => current,
    queueTransactionSetup(text: string) {
      queuedSetup = text;
    },
    query: leanQuery(client),
    transaction<T>(fn: (tx: PgliteQueryable & { exec: PgliteTx['exec'] }) => Promise<T>): Promise<T> {
      const setup = queuedSetup;
      queuedSetup = null;
      return client.transaction(async (t) => {
        if (setup) await t.exec(setup);
        const query = preparedLeanQuery(t, prepared);
        current = { query };
        try {
          return await fn({ query, exec: t.exec.bind(t) });
        } finally {
          current = null;
        }
      });
    },
  };
}

/** Switches an open transaction to the application role and a company, so RLS applies from here on. */
export async function setTenant(tx: Tx, companyId: number): Promise<void> {
  await tx.execute(tenantSetup(companyId));
}

/** Undoes setTenant within the transaction: the owner again, no company. */
export async function leaveTenant(tx: Tx): Promise<void> {
  await tx.execute(sql`reset role`);
  await tx.execute(sql`select set_config('app.company_id', '', true)`);
}

function wrap(kind: Database['kind'], db: Db, close: () => Promise<void>, inTenant?: Database['inTenant']): Database {
  return {
    kind,
    db,
    inTenant:
      inTenant ??
      ((companyId, fn) =>
        db.transaction(async (tx) => {
          await tx.execute(tenantSetup(companyId));
          return fn(tx as unknown as Tx);
        })),
    inTransaction: (fn) => db.transaction(async (tx) => fn(tx as unknown as Tx)),
    analyze: async (tables) => {
      if (tables.length > 0) await db.execute(sql.raw(analyzeStatement(tables)));
    },
    close,
  };
}

export type OpenOptions = {
  databaseUrl?: string;
  dataDir?: string;
  poolSize?: number;
  inMemory?: boolean;
  /** PGlite in memory, starting as a copy of a tarball made by `dumpDataDir` (instead of an empty cluster). */
  loadDataDir?: Blob;
  onIdleError?: (err: Error) => void;
  /** PGlite's shared_buffers (default PGLITE_SHARED_BUFFERS). */
  sharedBuffers?: string;
};

/** The embedded database's page cache, far below PostgreSQL's default (memory figures: bench/README.md, "PGlite memory"). */
export const PGLITE_SHARED_BUFFERS = '16MB';

/** Opens the database (PGlite under DATA_DIR unless DATABASE_URL is set) and migrates it. */
export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl) {
    // Loaded only for a server, so the embedded database's process is spared the driver (bench/README.md, "PGlite memory")
    const [{ default: pg }, { drizzle: drizzlePg, NodePgSession, NodePgTransaction }, { migrate: migratePg }] = await Promise.all([
      import('pg'),
      import('drizzle-orm/node-postgres'),
      import('drizzle-orm/node-postgres/migrator'),
    ]);
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: opts.poolSize ?? 10 });
    // An idle connection the server drops (a restart, a terminated backend) must not crash the
    // process; the pool replaces it and the next query reconnects.
    pool.on('error', (err) => opts.onIdleError?.(err));
    const db = drizzlePg(pool) as unknown as Db;
    const client = await pool.connect();
    try {
      // One migrator at a time across processes (API servers and workers starting together).
      await client.query('select pg_advisory_lock(727274)');
      await client.query(ENSURE_ROLE);
      await migratePg(drizzlePg(client), { migrationsFolder: MIGRATIONS_FOLDER });
      await client.query(GRANTS);
    } finally {
      await client.query('select pg_advisory_unlock(727274)').catch(() => undefined);
      client.release();
    }
    const dialect = new PgDialect();
    const statements = new StatementCache('wf_');
    const max = opts.poolSize ?? 10;
    const poolStats = () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max });
    const database = wrap('pg', db, () => pool.end(), async (companyId, fn) => {
      const conn = await pool.connect();
      let broken: Error | undefined;
      try {
        // BEGIN and the tenant setup in one round trip (simple protocol, no parameters).
        await conn.query(`begin; ${tenantSetupText(companyId)}`);
        const tx = new NodePgTransaction(dialect, new NodePgSession(namedStatements(conn, statements), dialect, undefined, {}), undefined);
        statementRunners.set(tx, async (name, text, params) => (await conn.query({ name, text, values: params })).rows);
        try {
          const result = await fn(tx as unknown as Tx);
          await conn.query('commit');
          return result;
        } catch (err) {
          await conn.query('rollback').catch((e: Error) => (broken = e));
          throw err;
        }
      } finally {
        conn.release(broken);
      }
    });
    return { ...database, poolStats };
  }
  let client: PGlite;
  const startParams = [...PGlite.defaultStartParams, '-c', `shared_buffers=${opts.sharedBuffers ?? PGLITE_SHARED_BUFFERS}`];
  if (opts.loadDataDir) {
    client = new PGlite({ loadDataDir: opts.loadDataDir, startParams });
  } else if (opts.inMemory || !opts.dataDir) {
    client = new PGlite({ startParams });
  } else {
    const dir = join(opts.dataDir, 'pgdata');
    mkdirSync(dir, { recursive: true });
    client = new PGlite({ dataDir: dir, startParams });
  }
  await client.waitReady;
  await client.exec(ENSURE_ROLE);
  await migratePglite(drizzlePglite(client), { migrationsFolder: MIGRATIONS_FOLDER });
  await client.exec(GRANTS);
  // After start-up, which builds the array-type entries itself (a constructor option would be overwritten).
  Object.assign(client.parsers, textParsers);
  const lean = leanPgliteClient(client);
  const db = drizzlePglite({ client: lean as unknown as PGlite }) as unknown as Db;
  const database = wrap(
    'pglite',
    db,
    async () => {
      if (!client.closed) await client.close();
    },
    (companyId, fn) => {
      lean.queueTransactionSetup(tenantSetupText(companyId));
      return db.transaction((tx) => {
        const raw = lean.currentTransaction();
        if (raw) statementRunners.set(tx, async (_name, text, params) => (await raw.query<unknown>(text, params)).rows);
        return fn(tx as unknown as Tx);
      });
    },
  );
  database.maintain = async () => {
    await client.exec('vacuum (analyze)');
  };
  database.dumpDataDir = async () => {
    // every page on disk first, so the copy starts without replaying the write-ahead log
    await client.exec('checkpoint');
    return client.dumpDataDir('none');
  };
  return database;
}

type StatementRunner = (name: string, text: string, params: unknown[]) => Promise<unknown[]>;
/** How to run a fixed statement directly on a tenant transaction's connection. */
const statementRunners = new WeakMap<object, StatementRunner>();

/**
 * Runs a fixed statement with positional parameters ($1, $2 …) — for the hot paths every request
 * takes. In a tenant transaction it skips the query builder, and on PostgreSQL it is a named prepared
 * statement, parsed and planned once per connection. Elsewhere it runs through drizzle as usual.
 */
export async function runStatement<T>(exec: Executor, name: string, text: string, params: unknown[]): Promise<T[]> {
  const run = statementRunners.get(exec);
  if (run) return (await run(name, text, params)) as T[];
  const parts = text.split(/\$(\d+)/);
  const chunks = [sql.raw(parts[0]!)];
  for (let i = 1; i < parts.length; i += 2) chunks.push(sql`${params[Number(parts[i]) - 1]}`, sql.raw(parts[i + 1]!));
  return rowsOf<T>(await exec.execute(sql.join(chunks)));
}

/** Answers when the database answers a trivial query. */
export async function pingDatabase(database: Database): Promise<void> {
  await database.db.execute(sql`select 1`);
}

/** Rows of a raw SQL query, whichever driver answered. */
export function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}
