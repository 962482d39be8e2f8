import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { adminQuery, TEMPLATE_PREFIX, type PreparedRun } from './prepared-run.ts';

/** Template databases older than this are left-overs of runs that were killed before their teardown. */
const STALE_AFTER_SECONDS = 12 * 3600;

async function dropTemplates(serverUrl: string, which: (name: string) => boolean): Promise<void> {
  const { rows } = await adminQuery(serverUrl, `select datname from pg_database where starts_with(datname, '${TEMPLATE_PREFIX}')`);
  for (const { datname } of rows as { datname: string }[]) {
    if (which(datname)) await adminQuery(serverUrl, `drop database if exists ${datname} with (force)`);
  }
}

/**
 * The run's settings for the API tests' prepared database (see ./prepared-db.ts): a folder and the
 * prefix of the run's PostgreSQL template databases. Nothing is built here — the first test file
 * that needs the database builds it, so a run without API tests pays nothing. The teardown removes
 * what the run made; a run killed before it leaves a template that a later run drops after 12 hours.
 */
export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  const now = Math.floor(Date.now() / 1000);
  const run: PreparedRun = {
    dir: mkdtempSync(join(tmpdir(), 'wfsaas-prepared-')),
    templatePrefix: `${TEMPLATE_PREFIX}${now}_${randomBytes(3).toString('hex')}`,
  };
  if (serverUrl) {
    await dropTemplates(serverUrl, (name) => {
      const made = Number(name.slice(TEMPLATE_PREFIX.length).split('_')[0]);
      return Number.isFinite(made) && made > 0 && made < now - STALE_AFTER_SECONDS;
    });
  }
  project.provide('wfsaasPrepared', run);
  return async () => {
    if (serverUrl) await dropTemplates(serverUrl, (name) => name.startsWith(run.templatePrefix));
    rmSync(run.dir, { recursive: true, force: true });
  };
}
