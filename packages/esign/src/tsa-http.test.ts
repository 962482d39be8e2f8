import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRootCa, issueCompanyCertificate, issueTsaCertificate, type RootCa } from './ca.ts';
import { sha256 } from './cms.ts';
import { renderTextPdf } from './render.ts';
import { signPdf } from './sign.ts';
import { TsaUnavailableError } from './errors.ts';
import { createHttpTsa, createInternalTsa, parseTimeStampToken, readTimeStampRequest, timeStampResponse, type Tsa } from './tsa.ts';
import { verifyPdf } from './verify.ts';

/**
 * An external TSA over HTTP (RFC 3161 §3.4): a real HTTP server on loopback answers time-stamp
 * requests with the internal TSA's tokens, or misbehaves in the ways an external service can.
 */

let root: RootCa;
let inner: Tsa;
let server: Server;
let base: string;
let mode: 'ok' | 'refuse' | 'wrongDigest' | 'http500' | 'garbage' = 'ok';
let lastAuth: string | undefined;
let lastType: string | undefined;

beforeAll(async () => {
  root = await createRootCa({ commonName: '外部时间戳测试根证书' });
  const cert = await issueTsaCertificate(root);
  inner = createInternalTsa({ certificatePem: cert.certificatePem, privateKeyPem: cert.privateKeyPem, chainPem: [root.certificatePem] });
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      lastAuth = req.headers.authorization;
      lastType = req.headers['content-type'];
      void (async () => {
        if (mode === 'http500') return res.writeHead(500).end();
        if (mode === 'garbage') return res.writeHead(200, { 'content-type': 'application/timestamp-reply' }).end('not der');
        const { digest } = readTimeStampRequest(Buffer.concat(chunks));
        if (mode === 'refuse') return res.writeHead(200).end(timeStampResponse(null, 2));
        const token = await inner(mode === 'wrongDigest' ? sha256(Buffer.from('something else')) : digest);
        res.writeHead(200, { 'content-type': 'application/timestamp-reply' }).end(timeStampResponse(token));
      })();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/tsr`;
}, 60_000);
afterAll(async () => new Promise<void>((r) => server.close(() => r())));

describe('createHttpTsa', () => {
  it('stamps a PDF signature through the external service; the signature carries its trusted time', async () => {
    mode = 'ok';
    const tsa = createHttpTsa({ url: base, username: 'wfsaas', password: 's3cret' });
    const company = await issueCompanyCertificate(root, { companyName: '杭州万峰科技有限公司', uscc: '91330106MA2H0Q1X72', p12Passphrase: 'p' });
    const pdf = await renderTextPdf({ title: '劳动合同书', paragraphs: ['第一条 合同期限'] });
    const signed = await signPdf(pdf, { p12: company.p12, passphrase: 'p', reason: '甲方签署', location: '杭州', name: '杭州万峰科技有限公司', timestamp: tsa });
    const [sig] = verifyPdf(signed, { trustedRoots: [root.certificatePem] }).signatures;
    expect(sig, JSON.stringify(sig?.problems)).toMatchObject({ intact: true, problems: [] });
    expect(sig!.timestamp).toMatchObject({ intact: true, trusted: true });
    expect(lastType).toBe('application/timestamp-query');
    expect(lastAuth).toBe(`Basic ${Buffer.from('wfsaas:s3cret').toString('base64')}`);
  });

  it('returns a token stamping exactly the digest asked for', async () => {
    mode = 'ok';
    const digest = sha256(Buffer.from('签名值'));
    const token = await createHttpTsa({ url: base })(digest);
    expect(parseTimeStampToken(token).imprint.equals(digest)).toBe(true);
  });

  it('fails the signing, with the reason, when the service refuses, answers another digest, errs or talks nonsense', async () => {
    const digest = sha256(Buffer.from('x'));
    const tsa = createHttpTsa({ url: base });
    mode = 'refuse';
    await expect(tsa(digest)).rejects.toThrow('时间戳服务拒绝了请求（状态 2）');
    mode = 'wrongDigest';
    await expect(tsa(digest)).rejects.toThrow('时间戳服务返回的时间戳与请求不符');
    mode = 'http500';
    await expect(tsa(digest)).rejects.toThrow('时间戳服务不可用：HTTP 500');
    mode = 'garbage';
    await expect(tsa(digest)).rejects.toThrow('时间戳服务的应答无法解析');
    await expect(createHttpTsa({ url: 'http://127.0.0.1:9/tsr', timeoutMs: 2000 })(digest)).rejects.toThrow(/时间戳服务不可用/);
  });

  it('a signing whose time-stamp fails stops with the reason of the service', async () => {
    mode = 'refuse';
    const company = await issueCompanyCertificate(root, { companyName: '杭州万峰科技有限公司', uscc: '91330106MA2H0Q1X72', p12Passphrase: 'p' });
    const pdf = await renderTextPdf({ title: '劳动合同书', paragraphs: ['第一条 合同期限'] });
    const failed = await signPdf(pdf, { p12: company.p12, passphrase: 'p', reason: '甲方签署', location: '杭州', name: '杭州万峰科技有限公司', timestamp: createHttpTsa({ url: base }) }).catch((e: unknown) => e);
    let e: unknown = failed;
    while (e instanceof Error && !(e instanceof TsaUnavailableError) && e.cause) e = e.cause;
    expect(e).toBeInstanceOf(TsaUnavailableError);
    expect((e as Error).message).toBe('时间戳服务未能签发时间戳：时间戳服务拒绝了请求（状态 2）');
  });
});
