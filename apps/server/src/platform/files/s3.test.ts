import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { createS3FileStore, signV4 } from './s3.ts';
import { FileMissingError } from './store.ts';

const SECRET = 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY';
const ACCESS = 'AKIAIOSFODNN7EXAMPLE';

describe('AWS Signature Version 4', () => {
  it('matches the published example of a GET Object request', () => {
    // The "GET Object" example of the AWS S3 documentation (Signature Version 4, header-based auth).
    const auth = signV4({
      method: 'GET',
      url: new URL('https://examplebucket.s3.amazonaws.com/test.txt'),
      headers: {
        host: 'examplebucket.s3.amazonaws.com',
        range: 'bytes=0-9',
        'x-amz-content-sha256': 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
        'x-amz-date': '20130524T000000Z',
      },
      payloadHash: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
      amzDate: '20130524T000000Z',
      region: 'us-east-1',
      service: 's3',
      accessKeyId: ACCESS,
      // the example's own secret key (with '/' where the IAM examples have '+')
      secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
    });
    expect(auth).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
  });
});

/** An S3-compatible server in memory that checks each request's signature and payload hash. */
function startFakeS3(): Promise<{ server: Server; endpoint: string; objects: Map<string, Buffer>; refused: number[] }> {
  const objects = new Map<string, Buffer>();
  const refused: number[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const url = new URL(req.url!, `http://${req.headers.host}`);
      const payloadHash = String(req.headers['x-amz-content-sha256']);
      const amzDate = String(req.headers['x-amz-date']);
      const expected = signV4({
        method: req.method!,
        url,
        headers: { host: String(req.headers.host), 'x-amz-content-sha256': payloadHash, 'x-amz-date': amzDate },
        payloadHash,
        amzDate,
        region: 'cn-north-1',
        service: 's3',
        accessKeyId: ACCESS,
        secretAccessKey: SECRET,
      });
      if (req.headers.authorization !== expected || createHash('sha256').update(body).digest('hex') !== payloadHash) {
        refused.push(403);
        res.writeHead(403).end('<Error><Code>SignatureDoesNotMatch</Code></Error>');
        return;
      }
      const key = url.pathname;
      if (req.method === 'PUT') {
        objects.set(key, body);
        res.writeHead(200).end();
      } else if (req.method === 'GET') {
        const o = objects.get(key);
        if (!o) res.writeHead(404).end('<Error><Code>NoSuchKey</Code></Error>');
        else res.writeHead(200, { 'content-length': String(o.length) }).end(o);
      } else if (req.method === 'DELETE') {
        objects.delete(key);
        res.writeHead(204).end();
      } else res.writeHead(405).end();
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ server, endpoint: `http://127.0.0.1:${(server.address() as { port: number }).port}`, objects, refused })));
}

let s3: Awaited<ReturnType<typeof startFakeS3>>;
beforeAll(async () => {
  s3 = await startFakeS3();
});
afterAll(() => new Promise<void>((r) => s3.server.close(() => r())));

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

describe('S3-compatible file store', () => {
  it('puts, gets and deletes signed objects under the bucket, and reports a missing key', async () => {
    const store = createS3FileStore({ endpoint: s3.endpoint, bucket: 'wfsaas-files', region: 'cn-north-1', accessKeyId: ACCESS, secretAccessKey: SECRET });
    const body = Buffer.from('工资条 2026-11 ✓');
    const stored = await store.put('c1/upload/pay-2026.txt', Readable.from([body]));
    expect(stored).toEqual({ size: body.length, sha256: createHash('sha256').update(body).digest('hex') });
    expect(s3.objects.has('/wfsaas-files/c1/upload/pay-2026.txt')).toBe(true);
    expect(await readAll(await store.get('c1/upload/pay-2026.txt'))).toEqual(body);
    await store.delete('c1/upload/pay-2026.txt');
    await expect(store.get('c1/upload/pay-2026.txt')).rejects.toBeInstanceOf(FileMissingError);
    expect(s3.refused).toEqual([]);
  });

  it('fails loudly when the server refuses the signature', async () => {
    const store = createS3FileStore({ endpoint: s3.endpoint, bucket: 'wfsaas-files', region: 'cn-north-1', accessKeyId: ACCESS, secretAccessKey: 'wrong-secret' });
    await expect(store.put('c1/x.txt', Buffer.from('x'))).rejects.toThrow(/HTTP 403/);
  });
});

describe('the app with S3_* set', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: { S3_ENDPOINT: s3.endpoint, S3_BUCKET: 'wfsaas-app', S3_REGION: 'cn-north-1', S3_ACCESS_KEY_ID: ACCESS, S3_SECRET_ACCESS_KEY: SECRET },
    });
  });
  afterAll(async () => t?.close());

  it('stores an upload in the bucket, not under DATA_DIR, and downloads it with a temp token', async () => {
    const token = await t.login('13800000000');
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
    const boundary = '----wfsaasS3';
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="logo.png"\r\nContent-Type: image/png\r\n\r\n`),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const up = await t.app.inject({
      method: 'POST',
      url: '/wfsaas-file/api/file/upload',
      headers: { authorization: `Bearer ${token}`, companyid: '1', 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    const data = up.json().data as { url: string };
    expect(up.json().code).toBe(200);
    expect([...s3.objects.keys()].some((k) => k.startsWith('/wfsaas-app/'))).toBe(true);
    expect(existsSync(join(t.dataDir, 'files'))).toBe(false);
    const temp = (await t.call<string[]>('/wfsaas-auth/getTempToken', { token, companyId: 1, body: 1 })).body.data[0]!;
    const down = await t.app.inject({ method: 'GET', url: `${data.url}?temptoken=${temp}` });
    expect(down.statusCode).toBe(200);
    expect(Buffer.compare(down.rawPayload, png)).toBe(0);
  });
});
