import { mkdirSync, writeFileSync } from 'node:fs';
import type { Tx } from '../apps/server/src/platform/db.ts';
import { machineInfo, type BenchOptions } from './lib/options.ts';

/**
 * `econtracts`: electronic contracts through the API on PGlite (bench/esign.ts times the bare
 * render + sign of the esign package). Here: one contract initiated for an employee (the labour
 * contract template's record fields filled from the roster, stored with its SHA-256) and sealed by
 * the company (company certificate, seal, internal time-stamp) — median of 20 after 2 warm-ups,
 * target ≤ 300 ms; then a batch of 1,000 initiations run as a job, its progress polled and printed,
 * target ≤ 2 minutes; and the PDF size per page (base, company-signed, both signed).
 */
export const TARGET_CONTRACT_MS = 300;
export const TARGET_BATCH_SECONDS = 120;
const BATCH = 1000;
const RUNS = 20;
const WARMUP = 2;

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

export async function runEcontractBench(opts: BenchOptions): Promise<void> {
  delete process.env.TEST_DATABASE_URL;
  const m = machineInfo();
  console.log(`machine: ${m.cores} cores, ${m.cpu}, node ${m.node}, load ${m.loadAverage}`);
  const { createTestApp } = await import('../apps/server/src/test/harness.ts');
  const { runDueJobsOnce } = await import('../apps/server/src/platform/jobs/index.ts');
  const { employees } = await import('../apps/server/src/db/schema/index.ts');
  const S = await import('../apps/server/src/modules/econtracts/econtract-test-support.ts');
  const E = await import('../packages/esign/src/index.ts');
  const t = await createTestApp();
  try {
    const { cipher } = t.services;
    const mobileOf = (i: number) => `158${String(20_000_000 + i).slice(-8)}`;
    await t.database.inTenant(1, (tx: Tx) =>
      tx.insert(employees).values(
        Array.from({ length: BATCH }, (_, i) => ({
          companyId: 1,
          name: `员工${i + 1}`,
          employeeNo: `C${i + 1}`,
          mobileEnc: cipher.encrypt(mobileOf(i)),
          mobileHash: cipher.lookupHash(mobileOf(i)),
          mobileMasked: `${mobileOf(i).slice(0, 3)}****${mobileOf(i).slice(-4)}`,
          salary: '8500.00',
          hireDate: '2026-12-01',
        })),
      ),
    );
    const ids = (await S.ownerRows<{ id: number }>(t, `select id from employees where company_id = 1 and employee_no like 'C%' order by id`)).map((r) => Number(r.id));
    const token = await t.login('13800000000');
    const { packageId } = await S.setUpTemplates(t, token);
    const sealId = Number((await S.ownerRows<{ id: number }>(t, 'select id from seals where company_id = 1 order by id limit 1'))[0]!.id);
    const call = async <T>(path: string, body: unknown): Promise<T> => {
      const r = await t.call<T>(`${S.API}/${path}`, { token, companyId: 1, body });
      if (r.body.code !== 200) throw new Error(`${path}: ${r.body.message}`);
      return r.body.data;
    };

    // One contract: initiate (fields filled, stored) + company seal (signature with time-stamp).
    const one = async (employeeId: number) => {
      const t0 = performance.now();
      const { contractIds } = await call<{ contractIds: number[] }>('contract/initiate', { employeeId, packageId, contractStart: '2026-12-01', contractEnd: '2029-11-30', notify: false });
      const t1 = performance.now();
      await call('contract/companySign', { contractIds, sealId });
      const t2 = performance.now();
      return { id: contractIds[0]!, initiateMs: t1 - t0, signMs: t2 - t1, totalMs: t2 - t0 };
    };
    for (let i = 0; i < WARMUP; i++) await one(ids[i]!);
    const runs = [];
    for (let i = 0; i < RUNS; i++) runs.push(await one(ids[WARMUP + i]!));

    // Sizes: the base document, after the company's seal, after the employee's signature.
    const last = runs[runs.length - 1]!;
    const [row] = await S.ownerRows<{ page_count: number; base_file_id: number; current_file_id: number }>(t, `select page_count, base_file_id, current_file_id from econtracts where id = ${last.id}`);
    const sizeOf = async (fileId: number) => Number((await S.ownerRows<{ size: number }>(t, `select size from files where id = ${Number(fileId)}`))[0]!.size);
    const pages = Number(row!.page_count);
    const base = await sizeOf(row!.base_file_id);
    const companySigned = await sizeOf(row!.current_file_id);
    const people = await S.giveIdNumbers(t, 1, [ids[WARMUP + RUNS - 1]!]);
    const who = people.get(ids[WARMUP + RUNS - 1]!)!;
    // The employee signs the last one through the phone page (a link is sent on company signing).
    const link = await S.linkTokenFromOutbox(t, last.id);
    const ticket = await S.phoneTicket(t, last.id, link, who);
    await t.call(`${S.API}/m/contract/fill`, { body: { contractId: last.id, t: link, ticket, values: { address: '杭州市' } } });
    const te = performance.now();
    const signed = await t.call(`${S.API}/m/contract/sign`, { body: { contractId: last.id, t: link, ticket, signature: `data:image/png;base64,${E.generateNameSignature(who.name).toString('base64')}`, intent: true } });
    const employeeSignMs = performance.now() - te;
    if (signed.body.code !== 200) throw new Error(`employee sign: ${signed.body.message}`);
    const [after] = await S.ownerRows<{ current_file_id: number }>(t, `select current_file_id from econtracts where id = ${last.id}`);
    const bothSigned = await sizeOf(after!.current_file_id);

    // 1,000 initiations as a job, progress printed while it runs.
    const batchIds = ids.slice(WARMUP + RUNS, WARMUP + RUNS + BATCH);
    const rest = ids.slice(0, BATCH - batchIds.length);
    const all = [...batchIds, ...rest];
    const tb = performance.now();
    const { jobId, total } = await call<{ jobId: number; total: number }>('contract/batchInitiate', { employeeIds: all, packageId, notify: true, signOrder: 2 });
    const progressLines: string[] = [];
    let running = true;
    const poll = (async () => {
      while (running) {
        await new Promise((r) => setTimeout(r, 3000));
        if (!running) break;
        const p = await call<{ done: number; total: number; state: string }>('contract/progress', { jobId });
        const line = `  progress ${p.done}/${p.total} (${p.state}) at ${((performance.now() - tb) / 1000).toFixed(1)} s`;
        progressLines.push(line);
        console.log(line);
      }
    })();
    await runDueJobsOnce(t.services);
    running = false;
    await poll;
    const batchSeconds = (performance.now() - tb) / 1000;
    const final = await call<{ done: number; total: number; succeeded: number; failed: number; state: string }>('contract/progress', { jobId });
    if (final.state !== 'done' || final.succeeded !== total) throw new Error(`batch did not complete: ${JSON.stringify(final)}`);

    const result = {
      machine: m,
      command: opts.command,
      database: 'pglite',
      contract: {
        runs: RUNS,
        medianMs: { total: median(runs.map((r) => r.totalMs)), initiate: median(runs.map((r) => r.initiateMs)), companySign: median(runs.map((r) => r.signMs)) },
        employeeSignMs,
      },
      batch: { total, seconds: batchSeconds, perContractMs: (batchSeconds * 1000) / total, progress: progressLines },
      bytesPerPage: { pages, base: base / pages, companySigned: companySigned / pages, bothSigned: bothSigned / pages },
    };
    const ms = (x: number) => `${x.toFixed(0)} ms`;
    const kb = (x: number) => `${(x / 1024).toFixed(1)} KB`;
    const verdict = (ok: boolean) => (ok ? 'PASS' : 'FAIL');
    console.log(
      `initiate + company seal, one contract via the API: median ${ms(result.contract.medianMs.total)} over ${RUNS} runs (target ≤ ${TARGET_CONTRACT_MS} ms) ${verdict(result.contract.medianMs.total <= TARGET_CONTRACT_MS)}`,
    );
    console.log(`  initiate (fill fields, store) ${ms(result.contract.medianMs.initiate)}, company seal ${ms(result.contract.medianMs.companySign)}; employee signature on the phone page ${ms(employeeSignMs)}`);
    console.log(`batch of ${total} initiations (job, PGlite): ${batchSeconds.toFixed(1)} s (target ≤ ${TARGET_BATCH_SECONDS} s) ${verdict(batchSeconds <= TARGET_BATCH_SECONDS)}; ${result.batch.perContractMs.toFixed(0)} ms per contract`);
    console.log(`size per page (${pages}-page labour contract): base ${kb(result.bytesPerPage.base)}, company-signed ${kb(result.bytesPerPage.companySigned)}, both signed ${kb(result.bytesPerPage.bothSigned)}`);
    mkdirSync('bench/results', { recursive: true });
    writeFileSync('bench/results/econtracts.json', `${JSON.stringify(result, null, 2)}\n`);
  } finally {
    await t.close();
  }
}
