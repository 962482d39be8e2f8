import forge from 'node-forge';
import { commonNameOf, digestOf, parseSignedData, sha256, type ParsedSignedData } from './cms.ts';
import { EsignInputError } from './errors.ts';
import { findSignatures } from './pdf-scan.ts';
import { parseTimeStampToken } from './tsa.ts';

const { pki } = forge;

export type SignatureTimeStamp = {
  genTime: Date;
  /** The token is sound and stamps this signature's value. */
  intact: boolean;
  /** The TSA's certificate chains to a trusted root. */
  trusted: boolean;
  tsaName: string;
};

export type SignatureReport = {
  /** Signer certificate's common name ('' when the certificate is missing). */
  signerName: string;
  /** Signer certificate's serial number, lower-case hex. */
  certificateSerial: string;
  /** The claimed signing time (/M), or the signing-time signed attribute. */
  signingTime?: Date;
  timestamp?: SignatureTimeStamp;
  /** /Name, /Reason, /Location of the signature dictionary. */
  name?: string;
  reason?: string;
  location?: string;
  subFilter?: string;
  byteRange: [number, number, number, number];
  /** The signed bytes hash to the signed digest and the signature over it verifies. */
  intact: boolean;
  /** The signed bytes run to the end of the file: nothing was added after this signature. */
  coversWholeDocument: boolean;
  /**
   * The signer's certificate chains to a trusted root and was valid at the trusted time-stamp's
   * time, or — without one — is valid now (as pdfsig checks it).
   */
  trusted: boolean;
  /** What is wrong, in Chinese; empty when nothing is. */
  problems: string[];
};

export type VerifyResult = {
  signatures: SignatureReport[];
  /** At least one signature; every one intact and trusted; the last one covers the whole file. */
  valid: boolean;
};

export type VerifyOptions = {
  /** PEM root certificates to trust. */
  trustedRoots: string[];
  /** "Now" for certificates of signatures without a trusted time-stamp (default the system clock). */
  now?: Date;
};

/**
 * Checks every signature of a PDF from its bytes: integrity of the signed ranges, the signer's
 * signature, the certificate chain against the trusted roots, and whether bytes follow it.
 */
export function verifyPdf(pdf: Uint8Array, options: VerifyOptions): VerifyResult {
  let roots: forge.pki.Certificate[];
  try {
    roots = options.trustedRoots.map((p) => pki.certificateFromPem(p));
  } catch {
    throw new EsignInputError('trustedRoots', '受信任的根证书不是有效的 PEM 证书');
  }
  const now = options.now ?? new Date();
  const bytes = Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
  const signatures = findSignatures(bytes).map((found): SignatureReport => {
    const problems: string[] = [];
    const [a, b, c, d] = found.byteRange;
    const rangeOk = a === 0 && b > 0 && c > b && d >= 0 && c + d <= bytes.length;
    let cms: ParsedSignedData | undefined;
    try {
      cms = parseSignedData(found.contents);
    } catch {
      problems.push('签名数据无法解析');
    }
    const signer = cms?.signer;
    let intact = false;
    if (!rangeOk) problems.push('签名范围无效');
    if (cms && !signer) problems.push('签名中缺少签署人证书');
    if (cms && rangeOk && cms.messageDigest && cms.digestAlgorithm !== 'unknown') {
      const digest = digestOf(cms.digestAlgorithm, [bytes.subarray(0, b), bytes.subarray(c, c + d)]);
      const digestOk = digest.equals(cms.messageDigest);
      if (!digestOk) problems.push('文档内容在签署后被修改（摘要不符）');
      if (!cms.signatureVerified) problems.push('签名值校验失败');
      intact = digestOk && cms.signatureVerified;
    } else if (cms) {
      problems.push('签名缺少摘要属性或使用了不支持的摘要算法');
    }
    const coversWholeDocument = rangeOk && c + d === bytes.length;

    let timestamp: SignatureTimeStamp | undefined;
    if (cms?.timeStampToken) {
      try {
        const ts = parseTimeStampToken(cms.timeStampToken);
        const stampsThis = ts.imprintAlgorithm === 'sha256' && ts.imprint.equals(sha256(cms.signatureValue));
        const tsaCert = ts.signed.signer;
        timestamp = {
          genTime: ts.genTime,
          intact: ts.intact && stampsThis,
          trusted: !!tsaCert && chainsToRoot(tsaCert, ts.signed.certificates, roots, ts.genTime),
          tsaName: tsaCert ? commonNameOf(tsaCert) : '',
        };
        if (!timestamp.intact) problems.push('时间戳与签名不符');
        else if (!timestamp.trusted) problems.push('时间戳服务证书不受信任');
      } catch {
        problems.push('时间戳无法解析');
      }
    }
    const signingTime = found.signingTime ?? cms?.signingTime;
    // A trusted time-stamp proves when the signature existed, so a short-lived certificate is checked
    // at that time; a claimed /M proves nothing, so without one the certificate must be valid now.
    const stamped = !!(timestamp?.intact && timestamp.trusted);
    const validationTime = stamped ? timestamp!.genTime : now;
    const trusted = !!signer && chainsToRoot(signer, cms!.certificates, roots, validationTime);
    if (signer && !trusted) {
      problems.push(stamped ? '签署人证书不受信任或签署时不在有效期内' : '签署人证书不受信任或已不在有效期内（签名没有可信时间戳）');
    }
    return {
      signerName: signer ? commonNameOf(signer) : '',
      certificateSerial: signer?.serialNumber ?? '',
      signingTime,
      timestamp,
      name: found.name,
      reason: found.reason,
      location: found.location,
      subFilter: found.subFilter,
      byteRange: found.byteRange,
      intact,
      coversWholeDocument,
      trusted,
      problems,
    };
  });
  const last = signatures[signatures.length - 1];
  if (last && !last.coversWholeDocument) last.problems.push('最后一个签名之后文档被追加了内容');
  const valid = signatures.length > 0 && signatures.every((s) => s.intact && s.trusted) && !!last?.coversWholeDocument;
  return { signatures, valid };
}

/** Walks issuer links (certificates carried in the CMS, then the roots) up to a trusted root. */
function chainsToRoot(cert: forge.pki.Certificate, carried: forge.pki.Certificate[], roots: forge.pki.Certificate[], at: Date): boolean {
  let current = cert;
  for (let depth = 0; depth < 6; depth++) {
    if (!(current.validity.notBefore <= at && at <= current.validity.notAfter)) return false;
    const root = roots.find((r) => r.subject.hash === current.issuer.hash && verifies(r, current));
    if (root) return root.validity.notBefore <= at && at <= root.validity.notAfter;
    const issuer = carried.find((c) => c !== current && c.subject.hash === current.issuer.hash && isCa(c) && verifies(c, current));
    if (!issuer) return false;
    current = issuer;
  }
  return false;
}

function isCa(cert: forge.pki.Certificate): boolean {
  const bc = cert.getExtension('basicConstraints') as { cA?: boolean } | null;
  return !!bc?.cA;
}

function verifies(issuer: forge.pki.Certificate, child: forge.pki.Certificate): boolean {
  try {
    return issuer.verify(child);
  } catch {
    return false;
  }
}
