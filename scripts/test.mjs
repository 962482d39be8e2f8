// `npm test`: every check, in order, stopping at the first failure.
// types → lint → migrations up to date → unit + API tests (PGlite) → API tests on PostgreSQL
// (when DATABASE_URL is set) → browser tests. Each API run is followed by a scan of its server log.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
process.chdir(root);
const only = process.argv[2];
const reports = mkdtempSync(join(tmpdir(), 'wfsaas-test-report-'));
const totals = { passed: 0, failed: 0, skipped: 0 };

/** vitest with a JSON report beside the normal output, so the run can close with one total line. */
function vitest(title, args, env = {}, onFailure = '') {
  const file = join(reports, `${title.replace(/\W+/g, '-')}.json`);
  run(title, 'npx', ['vitest', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${file}`], env, onFailure);
  if (!existsSync(file)) return;
  const r = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += r.numPassedTests;
  totals.failed += r.numFailedTests;
  totals.skipped += r.numPendingTests + (r.numTodoTests ?? 0);
}

function run(title, cmd, args, env = {}, onFailure = '') {
  if (only && !title.startsWith(only)) return;
  const started = Date.now();
  console.log(`\n▶ ${title}`);
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  const secs = ((Date.now() - started) / 1000).toFixed(1);
  if (r.status !== 0) {
    console.error(`✖ ${title} failed (${secs} s)`);
    if (onFailure) console.error(onFailure);
    process.exit(r.status ?? 1);
  }
  console.log(`✔ ${title} (${secs} s)`);
}

function checkMigrations() {
  if (only && !'migrations'.startsWith(only)) return;
  console.log('\n▶ migrations match the schema');
  const dir = mkdtempSync(join(tmpdir(), 'wfsaas-mig-'));
  const out = join(dir, 'migrations');
  cpSync(join(root, 'apps/server/src/db/migrations'), out, { recursive: true });
  const config = join(dir, 'drizzle.config.mjs');
  // drizzle-kit resolves `out` against its working directory (an absolute path is mangled and the
  // run "succeeds" having compared nothing), so it runs in the copy's folder with a relative `out`.
  writeFileSync(
    config,
    `export default { dialect: 'postgresql', schema: ${JSON.stringify(join(root, 'apps/server/src/db/schema/index.ts'))}, out: './migrations', entities: { roles: true } };\n`,
  );
  const before = readdirSync(out).length;
  const r = spawnSync(join(root, 'node_modules/.bin/drizzle-kit'), ['generate', '--config', config], { encoding: 'utf8', cwd: dir });
  const after = readdirSync(out).length;
  const said = `${r.stdout}\n${r.stderr}`;
  const compared = /No schema changes|migration file/i.test(said) && !/Error/.test(said);
  rmSync(dir, { recursive: true, force: true });
  if (r.status !== 0 || !compared || after !== before) {
    console.error(r.stdout, r.stderr);
    console.error('✖ the drizzle schema and the committed migrations differ: run `npm run db:generate` and commit the migration');
    process.exit(1);
  }
  console.log('✔ migrations match the schema');
}

/**
 * The API tests with every test app logging at debug level into a fresh folder, then a scan of
 * those logs for ID numbers, phones, bank cards and link tokens (apps/server/src/test/test-logs.scan.ts).
 * A failure leaves the folder for a look.
 */
function vitestScanningLogs(title, args, env = {}) {
  if (only && !title.startsWith(only)) return;
  const logs = mkdtempSync(join(tmpdir(), 'wfsaas-test-logs-'));
  console.log(`\n(the server logs of this run go to ${logs})`);
  vitest(title, args, { ...env, WFSAAS_TEST_LOG_DIR: logs });
  vitest(`${title}: log scan`, ['--project', 'log-scan'], { WFSAAS_SCAN_LOG_DIR: logs });
  rmSync(logs, { recursive: true, force: true });
}

run('types', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']);
run('lint', 'npx', ['eslint', '.', '--max-warnings', '0']);
checkMigrations();
vitestScanningLogs('unit and API tests (PGlite)', []);
if (process.env.DATABASE_URL) {
  vitestScanningLogs('API tests (PostgreSQL at DATABASE_URL)', ['apps/server'], { TEST_DATABASE_URL: process.env.DATABASE_URL });
} else if (!only) {
  console.log('\n(DATABASE_URL is not set: API tests ran on PGlite only)');
}
vitest('browser tests', ['--config', 'e2e/vitest.config.ts'], {}, `screenshots and traces of the failed tests: ${join(root, 'test-results')} (open a trace with: npx playwright-core show-trace <zip>)`);
rmSync(reports, { recursive: true, force: true });
console.log(`\ntests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
