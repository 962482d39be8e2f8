/**
 * The server process of the API benchmark (forked by bench/api.ts): our real app and the bare
 * Fastify floor on two ports of 127.0.0.1, over the same database. Measured from the parent process,
 * one at a time, so the load generator does not share this process's event loop.
 */
import type { PGlite } from '@electric-sql/pglite';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { createServices } from '../apps/server/src/platform/create-services.ts';
import { tokenHasher } from '../apps/server/src/platform/crypto.ts';
import { seedDemo } from '../apps/server/src/seed/demo.ts';
import { buildFloor, pgFloorDriver, pgliteFloorDriver } from './floor.ts';
import { answerCommands } from './lib/server-process.ts';

export type ServerReady = { type: 'ready'; ours: string; floor: string; database: 'pglite' | 'pg' };
/** CPU time (user + system, µs) this process has used so far: with PGlite that includes the database. */
export type ServerCpu = { type: 'cpu'; micros: number };
export type ServerCommand = { type: 'stop' } | { type: 'cpu' };

const dataDir = process.env.BENCH_DATA_DIR;
const password = process.env.BENCH_PASSWORD;
if (!dataDir || !password || !process.send) throw new Error('api-server.ts is started by bench/api.ts');

const config = loadConfig({
  DATA_DIR: dataDir,
  DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '',
  ENCRYPTION_KEY: randomBytes(32).toString('base64'),
  TOKEN_SECRET: randomBytes(32).toString('hex'),
  DEMO_PASSWORD: password,
  LOG_LEVEL: 'silent',
  RUN_JOBS: 'false',
  WEB_DIST: join(dataDir, 'no-web'),
});

const services = await createServices(config);
await seedDemo(services);
const app = await buildApp(services, { serveWeb: false });
const ours = await app.listen({ host: '127.0.0.1', port: 0 });

// The floor's driver: its own pg Pool of the same size on PostgreSQL, the very same PGlite instance otherwise.
const pool = config.databaseUrl ? new pg.Pool({ connectionString: config.databaseUrl, max: config.databasePoolSize }) : undefined;
const driver = pool ? pgFloorDriver(pool) : pgliteFloorDriver((services.database.db as unknown as { $client: PGlite }).$client);
const floorApp = buildFloor(driver, tokenHasher(config.tokenSecret));
const floor = await floorApp.listen({ host: '127.0.0.1', port: 0 });

answerCommands(async () => {
  await floorApp.close();
  await app.close();
  await pool?.end();
  await services.database.close();
});
const ready: ServerReady = { type: 'ready', ours, floor, database: services.database.kind };
process.send(ready);
