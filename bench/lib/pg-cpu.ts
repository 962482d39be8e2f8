import { existsSync, readFileSync } from 'node:fs';
import pg from 'pg';

/** Linux accounts process CPU time in clock ticks of 1/100 s (USER_HZ). */
const MICROS_PER_TICK = 10_000;

/**
 * CPU time spent by the PostgreSQL server processes serving one database, read from /proc — only
 * when the server runs on this machine. Backends that start between two samples count in full.
 */
export type BackendCpu = {
  /** CPU ticks per backend process id, or null when /proc cannot be read for them. */
  sample(): Promise<Map<number, number> | null>;
  close(): Promise<void>;
};

export async function watchBackendCpu(adminUrl: string, database: string): Promise<BackendCpu> {
  const local = ['127.0.0.1', 'localhost', '::1', '[::1]', ''].includes(new URL(adminUrl).hostname) && existsSync('/proc/self/stat');
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  return {
    async sample() {
      if (!local) return null;
      const r = await client.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1', [database]);
      const ticks = new Map<number, number>();
      for (const { pid } of r.rows) {
        try {
          // Fields after "(comm) ": state is index 0, utime 11, stime 12.
          const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
          ticks.set(pid, Number(fields[11]) + Number(fields[12]));
        } catch {
          // The backend ended between the query and the read.
        }
      }
      return ticks;
    },
    close: () => client.end(),
  };
}

/** Microseconds of backend CPU between two samples. */
export function backendCpuMicros(before: Map<number, number> | null, after: Map<number, number> | null): number | null {
  if (!before || !after) return null;
  let ticks = 0;
  for (const [pid, t] of after) ticks += t - (before.get(pid) ?? 0);
  return ticks * MICROS_PER_TICK;
}
