/**
 * npm run bench [-- <target>…] [--duration s] [--warmup s] [--rounds n] [--connections n] [--database all|pglite|postgresql] [--profile]
 * Without a target every target runs. A target is one line in TARGETS.
 */
import { parseArgs } from 'node:util';
import { DATABASE_CHOICES, type BenchOptions, type BenchTarget, type DatabaseChoice } from './lib/options.ts';

const TARGETS: Record<string, () => Promise<BenchTarget>> = {
  api: async () => (await import('./api.ts')).runApiBench,
  web: async () => (await import('./web.ts')).runWebTarget,
  roster: async () => (await import('./roster.ts')).runRosterBench,
  import: async () => (await import('./import.ts')).runImportBench,
  esign: async () => (await import('./esign.ts')).runEsignBench,
  econtracts: async () => (await import('./econtracts.ts')).runEcontractBench,
  payslips: async () => (await import('./payslips.ts')).runPayslipBench,
  payroll: async () => (await import('./payroll.ts')).runPayrollBench,
  'si-declaration': async () => (await import('./si-declaration.ts')).runSiDeclarationBench,
  'si-records': async () => (await import('./si-records.ts')).runSiRecordsBench,
  'os-bills': async () => (await import('./os-bills.ts')).runOsBillsBench,
  board: async () => (await import('./board.ts')).runBoardBench,
};

function positiveInt(name: string, value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} must be a positive whole number (got ${value})`);
  return n;
}

function parse(argv: string[]): { targets: string[]; opts: BenchOptions } {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      duration: { type: 'string', default: '10' },
      warmup: { type: 'string', default: '3' },
      rounds: { type: 'string', default: '2' },
      connections: { type: 'string', default: '10' },
      database: { type: 'string', default: 'all' },
      profile: { type: 'boolean', default: false },
    },
  });
  if (!(DATABASE_CHOICES as readonly string[]).includes(values.database)) {
    throw new Error(`--database must be one of ${DATABASE_CHOICES.join(', ')} (got ${values.database})`);
  }
  const unknown = positionals.filter((t) => !(t in TARGETS));
  if (unknown.length > 0) throw new Error(`unknown target ${unknown.join(', ')}; targets: ${Object.keys(TARGETS).join(', ')}`);
  return {
    targets: positionals.length > 0 ? positionals : Object.keys(TARGETS),
    opts: {
      duration: positiveInt('duration', values.duration),
      warmup: positiveInt('warmup', values.warmup),
      rounds: positiveInt('rounds', values.rounds),
      connections: positiveInt('connections', values.connections),
      database: values.database as DatabaseChoice,
      profile: values.profile,
      command: ['npm run bench', ...(argv.length > 0 ? ['--', ...argv] : [])].join(' '),
    },
  };
}

let parsed: ReturnType<typeof parse>;
try {
  parsed = parse(process.argv.slice(2));
} catch (err) {
  console.error((err as Error).message);
  process.exit(2);
}
for (const name of parsed.targets) {
  console.log(`== bench ${name}`);
  const run = await TARGETS[name]!();
  await run(parsed.opts);
}
