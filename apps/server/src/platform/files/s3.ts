import { createHash, createHmac } from 'node:crypto';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { assertStorageKey, FileMissingError, measuringStream, type FileStore } from './store.ts';

export type S3Config = { endpoint: string; bucket: string; region: string; accessKeyId: string; secretAccessKey: string };

const sha256Hex = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

/** RFC 3986 encoding as AWS Signature Version 4 wants it (slashes kept in paths). */
function encodePath(path: string): string {
  return path
    .split('/')
    .map((s) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`))
    .join('/');
}

export type SignInput = {
  method: string;
  url: URL;
  headers: Record<string, string>;
  payloadHash: string;
  /** YYYYMMDD'T'HHMMSS'Z' */
  amzDate: string;
  region: string;
  service: string;
  accessKeyId: string;
  secretAccessKey: string;
};

/** AWS Signature Version 4: the Authorization header for a request (headers must include host and x-amz-*). */
export function signV4(input: SignInput): string {
  const headerNames = Object.keys(input.headers)
    .map((h) => h.toLowerCase())
    .sort();
  const lower: Record<string, string> = {};
  for (const [k, v] of Object.entries(input.headers)) lower[k.toLowerCase()] = v.trim().replace(/\s+/g, ' ');
  const canonicalHeaders = headerNames.map((h) => `${h}:${lower[h]}\n`).join('');
  const signedHeaders = headerNames.join(';');
  const query = [...input.url.searchParams.entries()]
    .map(([k, v]) => [encodeURIComponent(k), encodeURIComponent(v)] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const canonicalRequest = [input.method, encodePath(decodeURIComponent(input.url.pathname)), query, canonicalHeaders, signedHeaders, input.payloadHash].join('\n');
  const day = input.amzDate.slice(0, 8);
  const scope = `${day}/${input.region}/${input.service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', input.amzDate, scope, sha256Hex(canonicalRequest)].join('\n');
  let key = hmac(`AWS4${input.secretAccessKey}`, day);
  key = hmac(key, input.region);
  key = hmac(key, input.service);
  key = hmac(key, 'aws4_request');
  const signature = createHmac('sha256', key).update(stringToSign).digest('hex');
  return `AWS4-HMAC-SHA256 Credential=${input.accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`;
}

function amzDateOf(d: Date): string {
  return d.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
}

/**
 * An S3-compatible store (AWS S3, MinIO, OSS/COS in S3 mode) with path-style addressing
 * (`{endpoint}/{bucket}/{key}`). A body is read into memory to sign its hash, so objects are bounded
 * by the upload limit and the size of an export.
 */
export function createS3FileStore(cfg: S3Config): FileStore {
  const base = cfg.endpoint.replace(/\/+$/, '');
  const request = async (method: 'PUT' | 'GET' | 'DELETE', key: string, body?: Buffer) => {
    assertStorageKey(key);
    const url = new URL(`${base}/${encodePath(cfg.bucket)}/${encodePath(key)}`);
    const payloadHash = sha256Hex(body ?? Buffer.alloc(0));
    const amzDate = amzDateOf(new Date());
    const headers: Record<string, string> = { host: url.host, 'x-amz-content-sha256': payloadHash, 'x-amz-date': amzDate };
    const authorization = signV4({ method, url, headers, payloadHash, amzDate, region: cfg.region, service: 's3', accessKeyId: cfg.accessKeyId, secretAccessKey: cfg.secretAccessKey });
    const { host: _host, ...sent } = headers;
    return fetch(url, { method, headers: { ...sent, authorization }, body: body ? new Uint8Array(body) : undefined, signal: AbortSignal.timeout(120_000) });
  };
  return {
    async put(key, body) {
      const measure = measuringStream();
      const chunks: Buffer[] = [];
      for await (const chunk of (Buffer.isBuffer(body) ? Readable.from([body]) : body).pipe(measure)) chunks.push(chunk as Buffer);
      const res = await request('PUT', key, Buffer.concat(chunks));
      if (!res.ok) throw new Error(`S3 PUT ${key} failed: HTTP ${res.status} ${(await res.text()).slice(0, 300)}`);
      return measure.result();
    },
    async get(key) {
      const res = await request('GET', key);
      if (res.status === 404) throw new FileMissingError(key);
      if (!res.ok || !res.body) throw new Error(`S3 GET ${key} failed: HTTP ${res.status}`);
      return Readable.fromWeb(res.body as unknown as WebReadableStream);
    },
    async delete(key) {
      const res = await request('DELETE', key);
      if (!res.ok && res.status !== 404) throw new Error(`S3 DELETE ${key} failed: HTTP ${res.status}`);
    },
  };
}
