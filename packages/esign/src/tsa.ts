import { randomBytes } from 'node:crypto';
import forge from 'node-forge';
import { TsaUnavailableError } from './errors.ts';
import { buildSignedData, der, digestOf, fromDer, oid, OIDS, parseSignedData, sha256, type ParsedSignedData } from './cms.ts';

const { asn1, pki } = forge;
type Asn1 = forge.asn1.Asn1;

/**
 * A time-stamping authority: given the SHA-256 digest of the data to stamp (for a PDF signature,
 * the signature value), returns an RFC 3161 TimeStampToken (DER ContentInfo). An external TSA is
 * plugged in with the same shape.
 */
export type Tsa = (digest: Buffer) => Promise<Buffer>;

/** The internal TSA's policy, an OID in the UUID arc (ITU-T X.667) so it needs no registration. */
export const INTERNAL_TSA_POLICY = '2.25.163406207843433030696971520322311044327';

export type InternalTsaOptions = {
  /** A certificate with extended key usage timeStamping (issueTsaCertificate) and its key. */
  certificatePem: string;
  privateKeyPem: string;
  /** Certificates to carry in each token above the TSA's own (the root). */
  chainPem?: string[];
  policy?: string;
  /** The clock (default the system clock). */
  now?: () => Date;
};

const U = asn1.Class.UNIVERSAL;
const T = asn1.Type;

/** The internal TSA: signs tokens with its certificate, genTime from the clock, accuracy ±1 s. */
export function createInternalTsa(options: InternalTsaOptions): Tsa {
  const certificate = pki.certificateFromPem(options.certificatePem);
  const chain = (options.chainPem ?? []).map((p) => pki.certificateFromPem(p));
  const now = options.now ?? (() => new Date());
  return async (digest: Buffer) => {
    if (!Buffer.isBuffer(digest) || digest.length !== 32) throw new Error('a time-stamp request takes a SHA-256 digest (32 bytes)');
    const serial = randomBytes(16);
    serial[0] = (serial[0]! & 0x7f) | 0x01;
    const genTime = now();
    const tstInfo = der(
      asn1.create(U, T.SEQUENCE, true, [
        asn1.create(U, T.INTEGER, false, asn1.integerToDer(1).getBytes()),
        oid(options.policy ?? INTERNAL_TSA_POLICY),
        asn1.create(U, T.SEQUENCE, true, [
          asn1.create(U, T.SEQUENCE, true, [oid(OIDS.sha256)]),
          asn1.create(U, T.OCTETSTRING, false, digest.toString('binary')),
        ]),
        asn1.create(U, T.INTEGER, false, serial.toString('binary')),
        asn1.create(U, T.GENERALIZEDTIME, false, asn1.dateToGeneralizedTime(genTime)),
        asn1.create(U, T.SEQUENCE, true, [asn1.create(U, T.INTEGER, false, asn1.integerToDer(1).getBytes())]),
      ]),
    );
    return buildSignedData({
      contentType: OIDS.tstInfo,
      content: tstInfo,
      contentDigest: sha256(tstInfo),
      signerCertificate: certificate,
      signerKeyPem: options.privateKeyPem,
      chain,
    });
  };
}

export type ParsedTimeStamp = {
  genTime: Date;
  /** The stamped digest and its algorithm. */
  imprint: Buffer;
  imprintAlgorithm: string;
  serialNumber: string;
  /** The token's own signature is sound: content digest matches and the TSA's signature verifies. */
  intact: boolean;
  signed: ParsedSignedData;
};

/** Reads an RFC 3161 token and checks it is intact (not whether its TSA is trusted). */
export function parseTimeStampToken(token: Buffer): ParsedTimeStamp {
  const signed = parseSignedData(token);
  if (signed.contentType !== OIDS.tstInfo || !signed.content) throw new Error('not a time-stamp token');
  const info = fromDer(signed.content).value as Asn1[];
  const imprintSeq = info[2]!.value as Asn1[];
  const imprintAlgorithm = asn1.derToOid(forge.util.createBuffer(((imprintSeq[0]!.value as Asn1[])[0]!.value as string) ?? ''));
  const contentDigestOk = !!signed.messageDigest && digestOf(signed.digestAlgorithm, [signed.content]).equals(signed.messageDigest);
  return {
    genTime: asn1.generalizedTimeToDate(info[4]!.value as string),
    imprint: Buffer.from(imprintSeq[1]!.value as string, 'binary'),
    imprintAlgorithm: imprintAlgorithm === OIDS.sha256 ? 'sha256' : imprintAlgorithm,
    serialNumber: Buffer.from(info[3]!.value as string, 'binary').toString('hex'),
    intact: contentDigestOk && signed.signatureVerified,
    signed,
  };
}

export type HttpTsaOptions = {
  /** The TSA's RFC 3161 endpoint (HTTP POST, application/timestamp-query). */
  url: string;
  /** Sent as HTTP Basic authentication when the TSA asks for an account. */
  username?: string;
  password?: string;
  timeoutMs?: number;
  /** The policy to ask for (default: the TSA's own). */
  policy?: string;
};

/** An RFC 3161 TimeStampReq for a SHA-256 digest, with a nonce and the TSA's certificate requested. */
export function timeStampRequest(digest: Buffer, nonce: Buffer, policy?: string): Buffer {
  return der(
    asn1.create(U, T.SEQUENCE, true, [
      asn1.create(U, T.INTEGER, false, asn1.integerToDer(1).getBytes()),
      asn1.create(U, T.SEQUENCE, true, [
        asn1.create(U, T.SEQUENCE, true, [oid(OIDS.sha256), asn1.create(U, T.NULL, false, '')]),
        asn1.create(U, T.OCTETSTRING, false, digest.toString('binary')),
      ]),
      ...(policy ? [oid(policy)] : []),
      asn1.create(U, T.INTEGER, false, nonce.toString('binary')),
      asn1.create(U, T.BOOLEAN, false, String.fromCharCode(0xff)),
    ]),
  );
}

/** The length of a DER element's header and of its content at `at`. */
function tlv(buf: Buffer, at: number): { header: number; length: number } {
  const first = buf[at + 1]!;
  if (first < 0x80) return { header: 2, length: first };
  const n = first & 0x7f;
  if (n === 0 || n > 4 || at + 2 + n > buf.length) throw new Error('bad DER length');
  return { header: 2 + n, length: buf.readUIntBE(at + 2, n) };
}

/** The TimeStampToken inside a TimeStampResp, byte for byte. */
function tokenBytes(response: Buffer): Buffer {
  const outer = tlv(response, 0);
  const statusAt = outer.header;
  const status = tlv(response, statusAt);
  const tokenAt = statusAt + status.header + status.length;
  const token = tlv(response, tokenAt);
  return response.subarray(tokenAt, tokenAt + token.header + token.length);
}

/** The digest and nonce of a TimeStampReq (what a TSA reads from it). */
export function readTimeStampRequest(request: Buffer): { digest: Buffer; nonce: Buffer | null } {
  const fields = fromDer(request).value as Asn1[];
  const imprint = fields[1]!.value as Asn1[];
  const nonce = fields.find((f, i) => i > 1 && f.type === T.INTEGER);
  return { digest: Buffer.from(imprint[1]!.value as string, 'binary'), nonce: nonce ? Buffer.from(nonce.value as string, 'binary') : null };
}

/** A TimeStampResp: granted (status 0) with the token (its bytes as they are), or the refusal's status. */
export function timeStampResponse(token: Buffer | null, status = 0): Buffer {
  const statusInfo = der(asn1.create(U, T.SEQUENCE, true, [asn1.create(U, T.INTEGER, false, asn1.integerToDer(status).getBytes())]));
  const content = Buffer.concat([statusInfo, token ?? Buffer.alloc(0)]);
  const n = content.length;
  const header = n < 0x80 ? Buffer.from([0x30, n]) : n < 0x10000 ? Buffer.from([0x30, 0x82, n >> 8, n & 0xff]) : Buffer.from([0x30, 0x83, n >> 16, (n >> 8) & 0xff, n & 0xff]);
  return Buffer.concat([header, content]);
}

/**
 * An external TSA reached over HTTP (RFC 3161 §3.4). Each stamp is checked before it is used: the
 * response granted, the token intact and stamping exactly the digest asked for; anything else
 * fails the signing with the reason, so no signature goes out with a wrong or missing time.
 */
export function createHttpTsa(options: HttpTsaOptions): Tsa {
  return async (digest: Buffer) => {
    if (!Buffer.isBuffer(digest) || digest.length !== 32) throw new Error('a time-stamp request takes a SHA-256 digest (32 bytes)');
    const nonce = randomBytes(8);
    nonce[0] = (nonce[0]! & 0x7f) | 0x01;
    const headers: Record<string, string> = { 'content-type': 'application/timestamp-query', accept: 'application/timestamp-reply' };
    if (options.username) headers.authorization = `Basic ${Buffer.from(`${options.username}:${options.password ?? ''}`).toString('base64')}`;
    let body: Buffer;
    try {
      const res = await fetch(options.url, { method: 'POST', headers, body: new Uint8Array(timeStampRequest(digest, nonce, options.policy)), signal: AbortSignal.timeout(options.timeoutMs ?? 10_000) });
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      body = Buffer.from(await res.arrayBuffer());
    } catch (err) {
      throw new TsaUnavailableError(`时间戳服务不可用：${err instanceof Error ? err.message : String(err)}`);
    }
    let fields: Asn1[];
    try {
      fields = fromDer(body).value as Asn1[];
    } catch {
      throw new TsaUnavailableError('时间戳服务的应答无法解析');
    }
    const statusBytes = Buffer.from(((fields[0]?.value as Asn1[] | undefined)?.[0]?.value as string | undefined) ?? '', 'binary');
    const status = statusBytes.length ? statusBytes.readUIntBE(0, Math.min(statusBytes.length, 6)) : -1;
    if ((status !== 0 && status !== 1) || !fields[1]) throw new TsaUnavailableError(`时间戳服务拒绝了请求（状态 ${status}）`);
    let stamp: { token: Buffer; parsed: ParsedTimeStamp };
    try {
      // the token's own bytes, not a re-encoding: its signature covers exactly what the TSA sent
      const token = tokenBytes(body);
      stamp = { token, parsed: parseTimeStampToken(token) };
    } catch {
      throw new TsaUnavailableError('时间戳服务的应答无法解析');
    }
    if (!stamp.parsed.intact || !stamp.parsed.imprint.equals(digest)) throw new TsaUnavailableError('时间戳服务返回的时间戳与请求不符');
    return stamp.token;
  };
}
