import autocannon from 'autocannon';

export type LoadRequest = {
  url: string;
  method: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** A response whose body differs from this one counts as a mismatch. */
  expectBody?: string;
};

export type LoadResult = {
  /** Completed requests per second over the measured time. */
  reqPerSec: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  seconds: number;
  /** Connection errors, timeouts, non-2xx answers and unexpected bodies together. */
  failures: number;
};

/** Runs autocannon against one URL for `duration` seconds. */
export async function runLoad(req: LoadRequest, connections: number, duration: number): Promise<LoadResult> {
  const r = await autocannon({
    url: req.url,
    method: req.method,
    headers: req.headers,
    body: req.body,
    expectBody: req.expectBody,
    connections,
    duration,
  });
  return {
    reqPerSec: r.requests.total / r.duration,
    p50Ms: r.latency.p50,
    p99Ms: r.latency.p99,
    requests: r.requests.total,
    seconds: r.duration,
    failures: r.errors + r.timeouts + r.non2xx + r.mismatches,
  };
}

/** Several runs of the same request as one: throughput over the summed time, the worst p99, the mean p50. */
export function combineLoads(runs: LoadResult[]): LoadResult {
  const requests = runs.reduce((n, r) => n + r.requests, 0);
  const seconds = runs.reduce((n, r) => n + r.seconds, 0);
  return {
    reqPerSec: seconds > 0 ? requests / seconds : 0,
    p50Ms: runs.reduce((n, r) => n + r.p50Ms, 0) / Math.max(1, runs.length),
    p99Ms: Math.max(0, ...runs.map((r) => r.p99Ms)),
    requests,
    seconds,
    failures: runs.reduce((n, r) => n + r.failures, 0),
  };
}
