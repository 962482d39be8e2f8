/** The run-wide settings of the API tests' prepared database (see ./prepared-db.ts), shared by the global set-up and the test files. */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** What the global set-up hands to the test files. */
export type PreparedRun = {
  /** A folder of this run under the OS temp dir. */
  dir: string;
  /** Prefix of this run's template databases on PostgreSQL. */
  templatePrefix: string;
};

/** Template databases of runs are named `wfsaas_tpl_<unix seconds>_<random>_<day>`. */
export const TEMPLATE_PREFIX = 'wfsaas_tpl_';

declare module 'vitest' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  export interface ProvidedContext {
    wfsaasPrepared: PreparedRun;
  }
}

export function databaseUrl(serverUrl: string, name: string): string {
  const u = new URL(serverUrl);
  u.pathname = `/${name}`;
  return u.toString();
}

export async function adminQuery(serverUrl: string, text: string): Promise<pg.QueryResult> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    return await admin.query(text);
  } finally {
    await admin.end();
  }
}

/** A test app's own database on the server (empty, or a copy of `template`), and how to drop it. */
export async function createTestDatabase(serverUrl: string, template?: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `wfsaas_t_${randomBytes(6).toString('hex')}`;
  await adminQuery(serverUrl, template ? `create database ${name} template ${template}` : `create database ${name}`);
  return { url: databaseUrl(serverUrl, name), drop: () => adminQuery(serverUrl, `drop database if exists ${name} with (force)`).then(() => undefined) };
}
