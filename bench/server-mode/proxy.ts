/**
 * A round-robin HTTP proxy in front of the API processes, as a load balancer would be. A request is
 * sent to another backend only when the first provably did not run it: the connection was refused,
 * or the backend answered Fastify's 503 for requests that arrive while it closes (no handler ran).
 * Anything else that goes wrong after the request was sent is answered 502 and counted against the
 * backend that had it: with kill -9, those are exactly the requests in flight on the killed process.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type BackendStats = { name: string; port: number; answered: number; failed: number; redirected: number; refused: number; reasons: Record<string, number> };

const CLOSING_BODY = '{"error":"Service Unavailable","message":"Service Unavailable","statusCode":503}';

export type Proxy = { url: string; port: number; stats: BackendStats[]; close(): Promise<void> };

export async function startProxy(backends: { name: string; port: number }[], listenPort = 0): Promise<Proxy> {
  const stats: BackendStats[] = backends.map((b) => ({ ...b, answered: 0, failed: 0, redirected: 0, refused: 0, reasons: {} }));
  const agents = backends.map(() => new http.Agent({ keepAlive: true, maxSockets: 64 }));
  // A backend that refused a connection is skipped for a moment.
  const downUntil = backends.map(() => 0);
  let next = 0;

  const pick = (exclude: Set<number>): number | undefined => {
    const now = Date.now();
    for (let n = 0; n < backends.length; n++) {
      const i = (next + n) % backends.length;
      if (!exclude.has(i) && downUntil[i]! <= now) {
        next = i + 1;
        return i;
      }
    }
    for (let n = 0; n < backends.length; n++) {
      const i = (next + n) % backends.length;
      if (!exclude.has(i)) {
        next = i + 1;
        return i;
      }
    }
    return undefined;
  };

  const forward = (req: http.IncomingMessage, body: Buffer, res: http.ServerResponse, tried: Set<number>) => {
    const i = pick(tried);
    if (i === undefined) {
      res.writeHead(502, { 'content-type': 'application/json' }).end('{"error":"no backend"}');
      return;
    }
    tried.add(i);
    const s = stats[i]!;
    const headers = { ...req.headers, 'x-forwarded-for': [req.headers['x-forwarded-for'], req.socket.remoteAddress].filter(Boolean).join(', '), connection: 'keep-alive' };
    let sent = false;
    const up = http.request({ host: '127.0.0.1', port: backends[i]!.port, method: req.method, path: req.url, headers, agent: agents[i] }, (r) => {
      const chunks: Buffer[] = [];
      r.on('data', (c: Buffer) => chunks.push(c));
      r.on('error', (err: NodeJS.ErrnoException) => fail(`response ${err.code ?? err.message}`));
      r.on('end', () => {
        const data = Buffer.concat(chunks);
        if (r.statusCode === 503 && data.toString() === CLOSING_BODY) {
          s.redirected++;
          forward(req, body, res, tried);
          return;
        }
        s.answered++;
        const out = { ...r.headers };
        delete out.connection;
        delete out['keep-alive'];
        res.writeHead(r.statusCode ?? 502, out).end(data);
      });
    });
    const fail = (reason: string) => {
      if (sent) return;
      sent = true;
      s.failed++;
      s.reasons[reason] = (s.reasons[reason] ?? 0) + 1;
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'application/json' }).end('{"error":"backend failed"}');
    };
    up.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'ECONNREFUSED') {
        // Nothing reached the backend: try another.
        s.refused++;
        downUntil[i] = Date.now() + 500;
        forward(req, body, res, tried);
        return;
      }
      fail(`${up.reusedSocket ? 'reused' : 'new'} connection ${err.code ?? err.message}`);
    });
    up.end(body);
  };

  const server = http.createServer({ keepAliveTimeout: 30_000 }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => forward(req, Buffer.concat(chunks), res, new Set()));
  });
  await new Promise<void>((resolve) => server.listen(listenPort, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    stats,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      agents.forEach((a) => a.destroy());
    },
  };
}
