import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // caps for a stuck test, not clocks a test races: the suite must pass with both cores busy elsewhere
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // vitest's default is one worker per core less one: a single worker on a 2-core CI machine, which
    // leaves a core idle while a test waits on its database or a child process
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          // The API tests' prepared database: made once per run, copied for every test file
          // (apps/server/src/test/prepared-db.ts).
          globalSetup: ['apps/server/src/test/global-setup.ts'],
          // The files of a worker share its loaded modules instead of loading the server's whole module
          // graph again for every file (most of a small file's time). Each file still has its own app,
          // database and DATA_DIR; the server keeps no state in modules beyond caches keyed by what
          // they hold (the platform root by master key, the job handlers every file registers alike).
          // So a test that spies on a global (Date.now) or stubs an environment variable restores it.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/web/src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
        },
      },
      // After an API test run that logged into WFSAAS_TEST_LOG_DIR, scripts/test.mjs scans those logs
      // (`--project log-scan` with WFSAAS_SCAN_LOG_DIR): a check of the run, not a test of its own.
      ...(process.env.WFSAAS_SCAN_LOG_DIR ? [{ extends: true as const, test: { name: 'log-scan', include: ['apps/server/src/test/*.scan.ts'] } }] : []),
    ],
  },
});
