/**
 * A separate process for jobs-durability.test.ts: enqueues (or finds) a 1,000-item job and runs the
 * job runner until the job is over. The test kills it part-way and starts it again.
 * Environment: DURABILITY_DATABASE_URL (PostgreSQL) or DURABILITY_DATA_DIR (PGlite), and
 * DURABILITY_ITEM_DELAY_MS (a pause inside each item, so the kill lands part-way).
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../../config.ts';
import { createServices } from '../create-services.ts';
import { openDatabase } from '../db.ts';
import { enqueueJob, findJob, registerJobHandler, startJobRunner } from './index.ts';

export const DURABILITY_JOB_TYPE = 'test.durability';
export const DURABILITY_ITEMS = 1000;
export const DURABILITY_COMPANY = 1;

const url = process.env.DURABILITY_DATABASE_URL;
const dataDir = process.env.DURABILITY_DATA_DIR;
const delayMs = Number(process.env.DURABILITY_ITEM_DELAY_MS ?? '0');
if (!url && !dataDir) throw new Error('set DURABILITY_DATABASE_URL or DURABILITY_DATA_DIR');

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const database = await openDatabase(url ? { databaseUrl: url, poolSize: 4 } : { dataDir });
const config = loadConfig({
  DATA_DIR: dataDir ?? '/tmp',
  ENCRYPTION_KEY: randomBytes(32).toString('base64'),
  TOKEN_SECRET: randomBytes(32).toString('hex'),
  LOG_LEVEL: 'silent',
});
const services = await createServices(config, { database });

registerJobHandler(DURABILITY_JOB_TYPE, async (ctx) => {
  const keys = Array.from({ length: DURABILITY_ITEMS }, (_, i) => `item-${String(i).padStart(4, '0')}`);
  await ctx.eachItem(keys, async (key, tx) => {
    await tx.execute(sql`insert into job_durability_probe (company_id, item_key) values (${ctx.job.companyId}, ${key})`);
    if (delayMs > 0) await sleep(delayMs);
    process.stdout.write(`item ${key}\n`);
  });
  return { items: keys.length };
});

const { id, created } = await enqueueJob(database.db, { companyId: DURABILITY_COMPANY, type: DURABILITY_JOB_TYPE, idempotencyKey: 'durability-run' });
process.stdout.write(`job ${id} ${created ? 'created' : 'found'}\n`);
const runner = startJobRunner(services, { pollMs: 50, leaseMs: 1500, workerId: `durability-${process.pid}` });
for (;;) {
  const job = await findJob(database.db, DURABILITY_COMPANY, id);
  if (job && (job.status === 'succeeded' || job.status === 'failed')) {
    process.stdout.write(`done ${job.status}\n`);
    break;
  }
  await sleep(100);
}
await runner.stop();
await database.close();
process.exit(0);
