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
  /** Mean of autocannon's per-second request counts ("Req/Sec Avg"). */
  reqPerSec: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
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
    reqPerSec: r.requests.average,
    p50Ms: r.latency.p50,
    p99Ms: r.latency.p99,
    requests: r.requests.total,
    failures: r.errors + r.timeouts + r.non2xx + r.mismatches,
  };
}
