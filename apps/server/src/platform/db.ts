import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { APP_ROLE } from '../db/schema/tenancy.ts';

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
};

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
`;

function tenantSetup(companyId: number) {
  if (!Number.isSafeInteger(companyId) || companyId <= 0) throw new Error('invalid company id');
  return sql`select set_config('role', ${APP_ROLE}, true), set_config('app.company_id', ${String(companyId)}, true)`;
}

/** Switches an open transaction to the application role and a company, so RLS applies from here on. */
export async function setTenant(tx: Tx, companyId: number): Promise<void> {
  await tx.execute(tenantSetup(companyId));
}

function wrap(kind: Database['kind'], db: Db, close: () => Promise<void>): Database {
  return {
    kind,
    db,
    inTenant: (companyId, fn) =>
      db.transaction(async (tx) => {
        await tx.execute(tenantSetup(companyId));
        return fn(tx as unknown as Tx);
      }),
    inTransaction: (fn) => db.transaction(async (tx) => fn(tx as unknown as Tx)),
    close,
  };
}

export type OpenOptions = { databaseUrl?: string; dataDir?: string; poolSize?: number; inMemory?: boolean; onIdleError?: (err: Error) => void };

/** Opens the database (PGlite under DATA_DIR unless DATABASE_URL is set) and migrates it. */
export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl) {
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
    return wrap('pg', db, () => pool.end());
  }
  let client: PGlite;
  if (opts.inMemory || !opts.dataDir) {
    client = new PGlite();
  } else {
    const dir = join(opts.dataDir, 'pgdata');
    mkdirSync(dir, { recursive: true });
    client = new PGlite(dir);
  }
  await client.waitReady;
  await client.exec(ENSURE_ROLE);
  const db = drizzlePglite(client) as unknown as Db;
  await migratePglite(drizzlePglite(client), { migrationsFolder: MIGRATIONS_FOLDER });
  await client.exec(GRANTS);
  return wrap('pglite', db, async () => {
    if (!client.closed) await client.close();
  });
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
