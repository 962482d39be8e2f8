import { randomBytes } from 'node:crypto';
import forge from 'node-forge';
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
