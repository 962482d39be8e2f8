import { createHash, sign as rsaSign, verify as rsaVerify } from 'node:crypto';
import forge from 'node-forge';

/**
 * CMS SignedData (RFC 5652) built and read with node-forge's ASN.1 and Node's crypto: the detached
 * signatures PDF signing embeds (PAdES: signing-certificate-v2, signed attributes, optional
 * signature time-stamp) and the RFC 3161 time-stamp tokens of the internal TSA.
 */
const { asn1, pki } = forge;
type Asn1 = forge.asn1.Asn1;

export const OIDS = {
  data: '1.2.840.113549.1.7.1',
  signedData: '1.2.840.113549.1.7.2',
  tstInfo: '1.2.840.113549.1.9.16.1.4',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingTime: '1.2.840.113549.1.9.5',
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
  signatureTimeStampToken: '1.2.840.113549.1.9.16.2.14',
  sha256: '2.16.840.1.101.3.4.2.1',
  rsaEncryption: '1.2.840.113549.1.1.1',
  sha256WithRSAEncryption: '1.2.840.113549.1.1.11',
} as const;

const DIGESTS: Record<string, string> = {
  '1.3.14.3.2.26': 'sha1',
  '2.16.840.1.101.3.4.2.1': 'sha256',
  '2.16.840.1.101.3.4.2.2': 'sha384',
  '2.16.840.1.101.3.4.2.3': 'sha512',
};

const U = asn1.Class.UNIVERSAL;
const T = asn1.Type;
const seq = (value: Asn1[]) => asn1.create(U, T.SEQUENCE, true, value);
const set = (value: Asn1[]) => asn1.create(U, T.SET, true, value);
export const oid = (id: string) => asn1.create(U, T.OID, false, oidBytes(id));

/** OID content octets; arcs of any size (forge stops at 32 bits, and UUID-arc OIDs are 128). */
function oidBytes(id: string): string {
  const arcs = id.split('.').map((a) => BigInt(a));
  const out: number[] = [];
  const values = [arcs[0]! * 40n + arcs[1]!, ...arcs.slice(2)];
  for (const v of values) {
    const groups: number[] = [];
    let rest = v;
    do {
      groups.unshift(Number(rest & 0x7fn));
      rest >>= 7n;
    } while (rest > 0n);
    groups.forEach((g, i) => out.push(i < groups.length - 1 ? g | 0x80 : g));
  }
  return String.fromCharCode(...out);
}
const octets = (bytes: Buffer) => asn1.create(U, T.OCTETSTRING, false, bytes.toString('binary'));
const int = (n: number) => asn1.create(U, T.INTEGER, false, asn1.integerToDer(n).getBytes());
const explicit = (tag: number, value: Asn1[]) => asn1.create(asn1.Class.CONTEXT_SPECIFIC, tag, true, value);
const algorithm = (id: string, withNull = false) => seq(withNull ? [oid(id), asn1.create(U, T.NULL, false, '')] : [oid(id)]);

export const der = (node: Asn1): Buffer => Buffer.from(asn1.toDer(node).getBytes(), 'binary');
export const fromDer = (bytes: Buffer): Asn1 => asn1.fromDer(bytes.toString('binary'), false);
export const sha256 = (data: Buffer | Uint8Array): Buffer => createHash('sha256').update(data).digest();

function attribute(type: string, values: Asn1[]): Asn1 {
  return seq([oid(type), set(values)]);
}

/** A DER SET OF: elements sorted by their encodings. */
function derSet(elements: Asn1[], tag?: number): { node: Asn1; der: Buffer } {
  const encoded = elements.map(der).sort(Buffer.compare);
  const content = Buffer.concat(encoded);
  const node = tag === undefined ? set(encoded.map(fromDer)) : asn1.create(asn1.Class.CONTEXT_SPECIFIC, tag, true, encoded.map(fromDer));
  return { node, der: Buffer.concat([Buffer.from([0x31]), derLength(content.length), content]) };
}

function derLength(n: number): Buffer {
  if (n < 0x80) return Buffer.from([n]);
  const bytes: number[] = [];
  for (let v = n; v > 0; v = Math.floor(v / 256)) bytes.unshift(v & 0xff);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}

/** serialNumber and issuer of a certificate, as the exact ASN.1 nodes of its TBSCertificate. */
function issuerAndSerial(cert: forge.pki.Certificate): { issuer: Asn1; serial: Asn1 } {
  const tbs = (pki.certificateToAsn1(cert).value as Asn1[])[0]!.value as Asn1[];
  const offset = tbs[0]!.tagClass === asn1.Class.CONTEXT_SPECIFIC ? 1 : 0;
  return { serial: tbs[offset]!, issuer: tbs[offset + 2]! };
}

export const certificateDer = (cert: forge.pki.Certificate): Buffer => der(pki.certificateToAsn1(cert));

/** ESS signing-certificate-v2: binds the signer's certificate (by SHA-256 hash) into the signed attributes. */
function signingCertificateV2(cert: forge.pki.Certificate): Asn1 {
  const { issuer, serial } = issuerAndSerial(cert);
  const issuerSerial = seq([seq([explicit(4, [issuer])]), serial]);
  return attribute(OIDS.signingCertificateV2, [seq([seq([seq([octets(sha256(certificateDer(cert))), issuerSerial])])])]);
}

export type SignedDataInput = {
  /** eContentType: id-data for PDF signatures, id-ct-TSTInfo for time-stamp tokens. */
  contentType: string;
  /** Encapsulated content (a TSTInfo); omitted for a detached signature. */
  content?: Buffer;
  /** SHA-256 of the signed content. */
  contentDigest: Buffer;
  signerCertificate: forge.pki.Certificate;
  signerKeyPem: string;
  /** Certificates to carry (the signer's is added first). */
  chain: forge.pki.Certificate[];
  /** Adds the signing-time signed attribute (CAdES forbids it for PAdES; used by adbe.pkcs7.detached). */
  signingTime?: Date;
  /** Unsigned attributes computed from the signature value (e.g. a signature time-stamp). */
  unsignedAttributes?: (signatureValue: Buffer) => Promise<Asn1[]>;
};

/** ContentInfo(SignedData) DER. */
export async function buildSignedData(input: SignedDataInput): Promise<Buffer> {
  const attrs: Asn1[] = [attribute(OIDS.contentType, [oid(input.contentType)]), attribute(OIDS.messageDigest, [octets(input.contentDigest)])];
  if (input.signingTime) attrs.push(attribute(OIDS.signingTime, [asn1.create(U, T.UTCTIME, false, asn1.dateToUtcTime(input.signingTime))]));
  attrs.push(signingCertificateV2(input.signerCertificate));
  const signed = derSet(attrs, 0);
  const signatureValue = rsaSign('sha256', signed.der, input.signerKeyPem);
  const { issuer, serial } = issuerAndSerial(input.signerCertificate);
  const signerInfo: Asn1[] = [int(1), seq([issuer, serial]), algorithm(OIDS.sha256), signed.node, algorithm(OIDS.rsaEncryption, true), octets(signatureValue)];
  const unsigned = input.unsignedAttributes ? await input.unsignedAttributes(signatureValue) : [];
  if (unsigned.length > 0) signerInfo.push(derSet(unsigned, 1).node);
  const certs = [input.signerCertificate, ...input.chain.filter((c) => c !== input.signerCertificate)];
  const encap: Asn1[] = [oid(input.contentType)];
  if (input.content) encap.push(explicit(0, [octets(input.content)]));
  const signedData = seq([
    int(input.contentType === OIDS.data ? 1 : 3),
    set([algorithm(OIDS.sha256)]),
    seq(encap),
    explicit(0, certs.map((c) => pki.certificateToAsn1(c))),
    set([seq(signerInfo)]),
  ]);
  return der(seq([oid(OIDS.signedData), explicit(0, [signedData])]));
}

/** The signature time-stamp unsigned attribute around an RFC 3161 token. */
export function timeStampAttribute(token: Buffer): Asn1 {
  return attribute(OIDS.signatureTimeStampToken, [fromDer(token)]);
}

export type ParsedSignedData = {
  contentType: string;
  content?: Buffer;
  certificates: forge.pki.Certificate[];
  signer?: forge.pki.Certificate;
  digestAlgorithm: string;
  /** messageDigest signed attribute */
  messageDigest?: Buffer;
  signedAttributesDer?: Buffer;
  signatureValue: Buffer;
  signingTime?: Date;
  /** The RFC 3161 token from the signature-time-stamp unsigned attribute. */
  timeStampToken?: Buffer;
  /** The signer's signature over the signed attributes checks out with the signer's public key. */
  signatureVerified: boolean;
};

const oidOf = (node: Asn1 | undefined): string => (node ? asn1.derToOid(forge.util.createBuffer(node.value as string)) : '');

/** Reads a ContentInfo(SignedData) and checks its one signer's signature. Throws on malformed input. */
export function parseSignedData(bytes: Buffer): ParsedSignedData {
  const contentInfo = fromDer(bytes).value as Asn1[];
  if (oidOf(contentInfo[0]) !== OIDS.signedData) throw new Error('not a SignedData');
  const sd = ((contentInfo[1]!.value as Asn1[])[0]!.value as Asn1[]).slice();
  const encap = sd[2]!.value as Asn1[];
  const contentType = oidOf(encap[0]);
  const contentNode = encap[1] ? (encap[1].value as Asn1[])[0] : undefined;
  const content = contentNode ? Buffer.from(flattenOctets(contentNode), 'binary') : undefined;
  let certificates: forge.pki.Certificate[] = [];
  let i = 3;
  while (sd[i] && sd[i]!.tagClass === asn1.Class.CONTEXT_SPECIFIC) {
    if (sd[i]!.type === 0) certificates = (sd[i]!.value as Asn1[]).map((c) => pki.certificateFromAsn1(c));
    i++;
  }
  const signerInfo = ((sd[i]!.value as Asn1[])[0]!.value as Asn1[]).slice();
  const sid = signerInfo[1]!;
  let signer: forge.pki.Certificate | undefined;
  if (sid.tagClass === U) {
    const [issuerNode, serialNode] = sid.value as Asn1[];
    const issuerDer = der(issuerNode!);
    const serialDer = der(serialNode!);
    signer = certificates.find((c) => {
      const { issuer, serial } = issuerAndSerial(c);
      return der(issuer).equals(issuerDer) && der(serial).equals(serialDer);
    });
  }
  const digestAlgorithm = DIGESTS[oidOf((signerInfo[2]!.value as Asn1[])[0])] ?? 'unknown';
  let k = 3;
  let messageDigest: Buffer | undefined;
  let signingTime: Date | undefined;
  let signedAttributesDer: Buffer | undefined;
  if (signerInfo[k]!.tagClass === asn1.Class.CONTEXT_SPECIFIC && signerInfo[k]!.type === 0) {
    const node = signerInfo[k]!;
    const raw = der(node);
    signedAttributesDer = Buffer.concat([Buffer.from([0x31]), raw.subarray(1)]);
    for (const attr of node.value as Asn1[]) {
      const [typeNode, values] = attr.value as Asn1[];
      const value = (values!.value as Asn1[])[0]!;
      const type = oidOf(typeNode);
      if (type === OIDS.messageDigest) messageDigest = Buffer.from(value.value as string, 'binary');
      if (type === OIDS.signingTime) {
        signingTime = value.type === T.UTCTIME ? asn1.utcTimeToDate(value.value as string) : asn1.generalizedTimeToDate(value.value as string);
      }
    }
    k++;
  }
  k++; // signatureAlgorithm
  const signatureValue = Buffer.from(flattenOctets(signerInfo[k]!), 'binary');
  k++;
  let timeStampToken: Buffer | undefined;
  const unsigned = signerInfo[k];
  if (unsigned && unsigned.tagClass === asn1.Class.CONTEXT_SPECIFIC && unsigned.type === 1) {
    for (const attr of unsigned.value as Asn1[]) {
      const [typeNode, values] = attr.value as Asn1[];
      if (oidOf(typeNode) === OIDS.signatureTimeStampToken) timeStampToken = der((values!.value as Asn1[])[0]!);
    }
  }
  let signatureVerified = false;
  if (signer && signedAttributesDer && digestAlgorithm !== 'unknown') {
    try {
      signatureVerified = rsaVerify(digestAlgorithm, signedAttributesDer, pki.publicKeyToPem(signer.publicKey), signatureValue);
    } catch {
      signatureVerified = false;
    }
  }
  return { contentType, content, certificates, signer, digestAlgorithm, messageDigest, signedAttributesDer, signatureValue, signingTime, timeStampToken, signatureVerified };
}

/** OCTET STRING value, joining the segments of a constructed (BER) one. */
function flattenOctets(node: Asn1): string {
  return typeof node.value === 'string' ? node.value : (node.value as Asn1[]).map(flattenOctets).join('');
}

/** The digest of data by a CMS digest algorithm name. */
export function digestOf(algorithm: string, parts: Uint8Array[]): Buffer {
  const h = createHash(algorithm);
  for (const p of parts) h.update(p);
  return h.digest();
}

/** A certificate's subject common name, UTF8String decoded. */
export function commonNameOf(cert: forge.pki.Certificate): string {
  const field = cert.subject.getField('CN') as forge.pki.CertificateField | null;
  if (!field) return '';
  const value = String(field.value);
  const tag = field.valueTagClass as number | undefined;
  if (tag === T.UTF8) {
    try {
      return forge.util.decodeUtf8(value);
    } catch {
      return value;
    }
  }
  if (tag === T.BMPSTRING) return Buffer.from(value, 'binary').swap16().toString('utf16le');
  return value;
}
