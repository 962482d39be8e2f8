import { createInternalTsa, createRootCa, issueTsaCertificate, readTimeStampRequest, timeStampResponse, TsaUnavailableError, verifyPdf, type RootCa } from '@wfsaas/esign';
import { sql } from 'drizzle-orm';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findPlatformRoot } from '../../platform/platform-ca.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { esignCall } from './econtract-support.ts';
import { API, giveIdNumbers, ownerRows, postPdf, setUpTemplates } from './econtract-test-support.ts';

/**
 * With TSA_URL set, signatures are time-stamped by that external RFC 3161 service (here a real HTTP
 * server on loopback with its own root), and contract/verify trusts its root from TSA_CA_FILE.
 */

let t: TestApp;
let admin: string;
let server: Server;
let external: RootCa;
let requests = 0;

beforeAll(async () => {
  external = await createRootCa({ commonName: '外部时间戳服务根证书' });
  const cert = await issueTsaCertificate(external);
  const tsa = createInternalTsa({ certificatePem: cert.certificatePem, privateKeyPem: cert.privateKeyPem, chainPem: [external.certificatePem] });
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      requests++;
      void tsa(readTimeStampRequest(Buffer.concat(chunks)).digest).then((token) => res.writeHead(200, { 'content-type': 'application/timestamp-reply' }).end(timeStampResponse(token)));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const caFile = join(mkdtempSync(join(tmpdir(), 'wfsaas-tsa-')), 'tsa-root.pem');
  writeFileSync(caFile, external.certificatePem);
  t = await createTestApp({ env: { TSA_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}/tsr`, TSA_CA_FILE: caFile } });
  admin = await t.login('13800000000');
}, 120_000);
afterAll(async () => {
  await t?.close();
  await new Promise<void>((r) => server.close(() => r()));
});

describe('an external time-stamping service', () => {
  it('stamps the company signature; the platform root alone does not vouch for the time, with the service root it does', async () => {
    const people = await giveIdNumbers(t, 1);
    const employeeId = [...people.keys()][0]!;
    const { packageId } = await setUpTemplates(t, admin);
    const sealId = Number((await ownerRows<{ id: number }>(t, sql`select id from seals where company_id = 1 order by id limit 1`))[0]!.id);
    const call = <T>(path: string, body: unknown) => t.call<T>(`${API}/${path}`, { token: admin, companyId: 1, body });
    const init = await call<{ contractIds: number[] }>('contract/initiate', { employeeId, packageId, contractStart: '2026-12-01', contractEnd: '2029-11-30' });
    expect(init.body.code, init.body.message).toBe(200);
    const contractId = init.body.data.contractIds[0]!;
    const before = requests;
    const signed = await call<{ signed: number[] }>('contract/companySign', { contractIds: [contractId], sealId });
    expect(signed.body.code, signed.body.message).toBe(200);
    expect(requests).toBeGreaterThan(before);

    const pdf = await postPdf(t, `${API}/contract/download`, { contractId }, { token: admin, companyId: 1 });
    const platformRoot = (await findPlatformRoot(t.database.db))!.certificatePem;
    const alone = verifyPdf(pdf.bytes, { trustedRoots: [platformRoot] }).signatures[0]!;
    expect(alone.timestamp).toMatchObject({ intact: true, trusted: false });
    const both = verifyPdf(pdf.bytes, { trustedRoots: [platformRoot, external.certificatePem] }).signatures[0]!;
    expect(both.timestamp).toMatchObject({ intact: true, trusted: true });
    expect(both.problems).toEqual([]);
  });

  it('a failing service stops the signing with its reason in Chinese, not an unexplained error', async () => {
    const wrapped = new Error('signing failed', { cause: new TsaUnavailableError('时间戳服务不可用：HTTP 500') });
    await expect(esignCall(() => Promise.reject(wrapped))).rejects.toMatchObject({ code: 500, message: '时间戳服务不可用：HTTP 500' });
  });
});
