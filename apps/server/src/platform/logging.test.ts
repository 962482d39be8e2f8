import { CODES, idCardCheckChar } from '@wfsaas/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passesLuhn, scanLine } from '../test/log-scan.ts';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../test/harness.ts';
import { createLogger, redactUrl, serializeError, serializeRequest, type SerializedError } from './logging.ts';

const PHONE = '13912345678';
const ID = `11010519491231002${idCardCheckChar('11010519491231002')}`;
const CARD = (() => {
  for (let d = 0; d <= 9; d++) if (passesLuhn(`622202020011223344${d}`)) return `622202020011223344${d}`;
  throw new Error('unreachable');
})();
const LINK_TOKEN = 'Q2h4_Xk9vL1mN3pR7sT8uW0yZa5b';
const TEMP_TOKEN = 'tt9Kq2LmZx81Rw';
const BEARER = 'bearer7Hq2Xz9LmPq2RsTu';

type Line = { level: number; msg?: string; reqId?: string; err?: SerializedError; req?: Record<string, unknown>; [k: string]: unknown };

function memoryLog() {
  const lines: string[] = [];
  return { destination: { write: (l: string) => void lines.push(l) }, lines, parsed: () => lines.map((l) => JSON.parse(l) as Line) };
}

describe('log serializers', () => {
  it.each([
    ['/wfsaas-file/api/file/download/12?temptoken=abc', '/wfsaas-file/api/file/download/12'],
    ['/qszx-vite/detailWeifen/7?t=Zx9_kq-81LmPq2Rs#x', '/qszx-vite/detailWeifen/7'],
    [`/m/payslip/${LINK_TOKEN}`, '/m/payslip/[redacted]'],
    ['/m/payslip/abc', '/m/payslip/[redacted]'],
    [`/m/onboard/${LINK_TOKEN}/extra`, '/m/onboard/[redacted]/[redacted]'],
    ['/wfsaas-payslip/api/m/payslip/verify-sms', '/wfsaas-payslip/api/m/payslip/verify-sms'],
    ['/wfsaas-sign/api/m/contract/sendCode', '/wfsaas-sign/api/m/contract/sendCode'],
    ['/wfsaas-payslip/api/m/payslip/a1b2', '/wfsaas-payslip/api/m/payslip/[redacted]'],
    [`/wfsaas-file/api/file/static/${LINK_TOKEN}`, '/wfsaas-file/api/file/static/[redacted]'],
    ['/enterpriseInformation/transactionSet', '/enterpriseInformation/transactionSet'],
    ['/staffManagement/changeAlternation/regular', '/staffManagement/changeAlternation/regular'],
    ['/assets/index-BxY3k9_a.js', '/assets/index-BxY3k9_a.js'],
    ['/', '/'],
  ])('logs %s as %s', (url, logged) => {
    expect(redactUrl(url)).toBe(logged);
  });

  it('logs of a request its method, redacted path, address and user agent, and no other header', () => {
    const req = {
      method: 'POST',
      url: `/m/payslip/${LINK_TOKEN}?temptoken=${TEMP_TOKEN}`,
      ip: '10.0.0.9',
      headers: { authorization: `Bearer ${BEARER}`, cookie: 'sid=1', 'user-agent': 'probe/1.0', companyid: '1' },
    };
    expect(serializeRequest(req)).toEqual({ method: 'POST', url: '/m/payslip/[redacted]', remoteAddress: '10.0.0.9', userAgent: 'probe/1.0' });
    expect(serializeRequest({ url: '/x', socket: { remoteAddress: '::1' } }).remoteAddress).toBe('::1');
  });

  it('keeps type, message, code, stack and cause of an ordinary error', () => {
    const inner = Object.assign(new Error('connect ECONNREFUSED 10.0.0.5:5432'), { code: 'ECONNREFUSED' });
    const out = serializeError(new Error('could not claim a job', { cause: inner })) as SerializedError;
    expect(out).toMatchObject({ type: 'Error', message: 'could not claim a job', cause: { type: 'Error', message: inner.message, code: 'ECONNREFUSED' } });
    expect(out.stack).toMatch(/^Error: could not claim a job\n\s+at /);
    expect(serializeError('plain words')).toBe('plain words');
  });

  it('redacts fields that hold personal data or secrets, but not the code of an error', () => {
    const log = memoryLog();
    const logger = createLogger('info', log.destination);
    logger.info({ body: { password: 'p4ss', phone: PHONE, idNumber: ID, bankAccount: CARD, code: '123456' }, token: LINK_TOKEN, headers: { authorization: BEARER }, input: { mobile: '13700001111' } }, 'oops');
    logger.warn({ err: Object.assign(new Error('refused'), { code: 'E_REFUSED' }) }, 'refused');
    const [first, second] = log.parsed();
    expect(first).toMatchObject({
      body: { password: '[redacted]', phone: '[redacted]', idNumber: '[redacted]', bankAccount: '[redacted]', code: '[redacted]' },
      token: '[redacted]',
      headers: { authorization: '[redacted]' },
      input: { mobile: '[redacted]' },
    });
    expect(second!.err).toMatchObject({ message: 'refused', code: 'E_REFUSED' });
    for (const secret of ['p4ss', PHONE, ID, CARD, '123456', LINK_TOKEN, BEARER, '13700001111']) expect(log.lines.join('\n')).not.toContain(secret);
  });
});

describe('the log of the app', () => {
  const log = memoryLog();
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      logDestination: log.destination,
      // a statement refused for its parameters, as a service's insert or cast would be
      beforeReady: (app, s) =>
        app.post('/wfsaas-test/db-refusal', { config: { access: 'public' } }, async (req) => {
          const { kind } = req.body as { kind: 'duplicate' | 'syntax' | 'range' | 'column' };
          if (kind === 'duplicate') {
            await s.database.inTransaction(async (tx) => {
              await tx.execute(sql`create temp table log_probe (phone text unique) on commit drop`);
              await tx.execute(sql`insert into log_probe values (${PHONE})`);
              await tx.execute(sql`insert into log_probe values (${PHONE})`);
            });
          }
          if (kind === 'syntax') await s.database.db.execute(sql`select ${ID}::bigint`);
          if (kind === 'range') await s.database.db.execute(sql`select ${CARD}::int`);
          if (kind === 'column') await s.database.db.execute(sql`select no_such_column_probe from users where id = ${PHONE}`);
          return { code: 200, data: null, message: 'ok' };
        }),
    });
  });
  afterAll(async () => t?.close());

  it('logs a database refusal with its SQL, SQLSTATE and constraint but none of the values', async () => {
    const answers = [];
    for (const kind of ['duplicate', 'syntax', 'range']) answers.push((await t.call('/wfsaas-test/db-refusal', { body: { kind } })).body.code);
    expect(answers).toEqual([CODES.conflict, CODES.badRequest, CODES.badRequest]);
    const refusals = log.parsed().filter((l) => l.msg === 'database refused input');
    expect(refusals.map((l) => l.err?.cause?.code)).toEqual(['23505', '22P02', '22003']);
    expect(refusals[0]!.err).toMatchObject({ type: 'DrizzleQueryError', message: 'Failed query', query: 'insert into log_probe values ($1)' });
    expect(refusals[0]!.err!.cause).toMatchObject({ code: '23505', constraint: 'log_probe_phone_key', table: 'log_probe', severity: 'ERROR', message: 'duplicate key value violates unique constraint "…"' });
    expect(refusals[1]!.err!.cause).toMatchObject({ type: 'DatabaseError', message: 'invalid input syntax for type bigint: "…"' });
    expect(refusals[2]!.err!.cause!.message).toBe('value "…" is out of range for type integer');
    expect(refusals.every((l) => typeof l.reqId === 'string' && /^\s+at /.test(l.err!.stack ?? ''))).toBe(true);
    const text = log.lines.join('\n');
    for (const value of [PHONE, ID, CARD]) expect(text).not.toContain(value);
    expect(text).not.toMatch(/"(params|detail|where)"/);
  });

  it('keeps the message of a database error that names SQL objects, not values', async () => {
    expect((await t.call('/wfsaas-test/db-refusal', { body: { kind: 'column' } })).status).toBe(500);
    const [failed] = log.parsed().filter((l) => l.msg === 'unhandled error');
    expect(failed!.err!.cause).toMatchObject({ code: '42703', message: 'column "no_such_column_probe" does not exist' });
    expect(log.lines.join('\n')).not.toContain(PHONE);
  });

  it('logs requests without query strings, link tokens, bodies or headers other than the user agent', async () => {
    const from = log.lines.length;
    await t.login('13800000000');
    await t.app.inject({ method: 'GET', url: `/m/payslip/${LINK_TOKEN}?temptoken=${TEMP_TOKEN}`, headers: { authorization: `Bearer ${BEARER}`, cookie: `sid=${BEARER}`, 'user-agent': 'probe/1.0' } });
    await t.call('/wfsaas-payslip/api/m/payslip/view', { body: { token: LINK_TOKEN, ticket: TEMP_TOKEN } });
    await t.app.inject({ method: 'GET', url: `/wfsaas-file/api/file/download/1?temptoken=${TEMP_TOKEN}` });
    const lines = log.parsed().slice(from);
    const incoming = lines.filter((l) => l.msg === 'incoming request').map((l) => l.req);
    expect(incoming.map((r) => r?.url)).toEqual(['/wfsaas-auth/login', '/m/payslip/[redacted]', '/wfsaas-payslip/api/m/payslip/view', '/wfsaas-file/api/file/download/1']);
    expect(incoming[1]).toEqual({ method: 'GET', url: '/m/payslip/[redacted]', remoteAddress: '127.0.0.1', userAgent: 'probe/1.0' });
    expect(lines.filter((l) => l.msg === 'request completed').length).toBe(4);
    expect(lines.every((l) => typeof l.reqId === 'string')).toBe(true);
    const text = log.lines.slice(from).join('\n');
    for (const secret of [LINK_TOKEN, TEMP_TOKEN, BEARER, TEST_PASSWORD, '13800000000']) expect(text).not.toContain(secret);
    expect(log.lines.flatMap(scanLine)).toEqual([]);
  });
});
