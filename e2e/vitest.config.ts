import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * Browser tests: `npx vitest run --config e2e/vitest.config.ts`.
 * The global set-up builds the web app when needed and starts the real server on a free port.
 */
export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  test: {
    include: ['e2e/**/*.e2e.test.ts'],
    globalSetup: ['e2e/global-setup.ts'],
    // two files at a time, each worker on a server of its own (global-setup.ts): a journey mostly
    // waits on one process or the other, so two keep both cores busy; E2E_WORKERS=1 runs one at a time
    fileParallelism: true,
    maxWorkers: Number(process.env.E2E_WORKERS) || Math.min(2, availableParallelism()),
    // a cap for a stuck test, not a clock a test races: two journeys share the cores
    testTimeout: 240_000,
    hookTimeout: 180_000,
    // a page can take seconds to settle on a loaded 2-core machine (a company switch reloads it):
    // expect.poll waits up to 10 s instead of vitest's 1 s before it fails
    expect: { poll: { timeout: 10_000 } },
  },
});
