import { availableParallelism, cpus, loadavg } from 'node:os';

export const DATABASE_CHOICES = ['all', 'pglite', 'postgresql'] as const;
export type DatabaseChoice = (typeof DATABASE_CHOICES)[number];

/** Flags every benchmark target receives (see bench/run.ts). */
export type BenchOptions = {
  /** Measured seconds per run. */
  duration: number;
  /** The measured seconds are split into this many runs, alternating between the servers compared. */
  rounds: number;
  /** Seconds of discarded load before each measured run. */
  warmup: number;
  /** Concurrent connections of the load generator. */
  connections: number;
  database: DatabaseChoice;
  /** Writes a V8 CPU profile of the server process into bench/results/. */
  profile: boolean;
  /** The command line as typed, recorded next to the figures. */
  command: string;
};

export type BenchTarget = (opts: BenchOptions) => Promise<void>;

/** loadAverage: the 1-minute load average when the run started (other work on the machine skews figures). */
export type MachineInfo = { date: string; cores: number; cpu: string; node: string; platform: string; loadAverage: number };

export function machineInfo(): MachineInfo {
  return {
    date: new Date().toISOString(),
    cores: availableParallelism(),
    cpu: cpus()[0]?.model.trim() ?? 'unknown',
    node: process.version,
    platform: `${process.platform}-${process.arch}`,
    loadAverage: Number(loadavg()[0]!.toFixed(2)),
  };
}

/** The databases `--database` asks for that can run here: PostgreSQL only with DATABASE_URL (said when skipped). */
export function benchDatabases(opts: Pick<BenchOptions, 'database'>): ('pglite' | 'postgresql')[] {
  const asked: ('pglite' | 'postgresql')[] = opts.database === 'all' ? ['pglite', 'postgresql'] : opts.database === 'postgresql' ? ['postgresql'] : ['pglite'];
  if (asked.includes('postgresql') && !process.env.DATABASE_URL) console.log('postgresql: skipped (DATABASE_URL not set)');
  return asked.filter((db) => db === 'pglite' || Boolean(process.env.DATABASE_URL));
}
