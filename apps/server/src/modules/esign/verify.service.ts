import { MAX_VERIFY_PDF_BYTES, type ContractVerifyResult, type SignatureCheck } from '@wfsaas/contracts';
import { verifyPdf, type VerifyResult } from '@wfsaas/esign';
import type { Executor } from '../../platform/db.ts';
import { badRequest } from '../../platform/errors.ts';
import { findPlatformRoot } from '../../platform/platform-ca.ts';

export const MSG_PDF_EMPTY = '文件内容为空，请选择已签署的 PDF 文件';
export const MSG_NOT_PDF = '请上传 PDF 格式的合同文件';
export const MSG_PDF_TOO_LARGE = `文件过大，待验证的 PDF 不能超过 ${MAX_VERIFY_PDF_BYTES / 1024 / 1024} MB`;
export const MSG_NO_SIGNATURE = '未找到数字签名：该 PDF 未经签署，无法验证';
export const MSG_PDF_UNREADABLE = '无法读取该 PDF 中的签名，文件可能已损坏';

export type ReceivedPdf = { fileName: string; data: Buffer };

/** Checks an uploaded PDF from its bytes before any verification. */
export function checkPdf(fileName: string, data: Buffer): void {
  if (data.length === 0) throw badRequest(MSG_PDF_EMPTY);
  if (data.length > MAX_VERIFY_PDF_BYTES) throw badRequest(MSG_PDF_TOO_LARGE);
  // A PDF starts with %PDF- (within the first 1024 bytes, as readers allow).
  if (data.subarray(0, 1024).indexOf('%PDF-') < 0) throw badRequest(MSG_NOT_PDF);
}

/** The platform root certificate (public). */
export async function rootCertificatePem(exec: Executor): Promise<string> {
  const root = await findPlatformRoot(exec);
  if (!root) throw badRequest('平台根证书尚未生成，请稍后重试');
  return root.certificatePem;
}

function summaryOf(r: VerifyResult): string {
  const n = r.signatures.length;
  if (r.valid) return `文档共有 ${n} 个签名，全部有效：签名后文档未被修改，签署证书由受信任的平台根证书签发。`;
  const broken = r.signatures.filter((s) => !s.intact).length;
  const untrusted = r.signatures.filter((s) => !s.trusted).length;
  const last = r.signatures[n - 1];
  const parts: string[] = [];
  if (broken > 0) parts.push(`${broken} 个签名在签署后文档被修改`);
  if (untrusted > 0) parts.push(`${untrusted} 个签名的证书不受信任`);
  if (last && !last.coversWholeDocument) parts.push('最后一个签名之后文档被追加了内容');
  return `文档共有 ${n} 个签名，验证未通过：${parts.join('；') || '签名无效'}。`;
}

/**
 * contract/verify: each signature of an uploaded PDF, checked against the platform root and, when
 * signatures are time-stamped by an external service, that service's root (TSA_CA_FILE).
 */
export async function verifyContractPdf(exec: Executor, received: ReceivedPdf, extraRoots: readonly string[] = []): Promise<ContractVerifyResult> {
  const root = await rootCertificatePem(exec);
  let result: VerifyResult;
  try {
    result = verifyPdf(received.data, { trustedRoots: [root, ...extraRoots] });
  } catch {
    throw badRequest(MSG_PDF_UNREADABLE);
  }
  if (result.signatures.length === 0) throw badRequest(MSG_NO_SIGNATURE);
  const signatures: SignatureCheck[] = result.signatures.map((s, i) => ({
    index: i + 1,
    signerName: s.signerName,
    certificateSerial: s.certificateSerial,
    signingTime: s.signingTime ? s.signingTime.toISOString() : null,
    timestampTime: s.timestamp ? s.timestamp.genTime.toISOString() : null,
    timestampAuthority: s.timestamp?.tsaName || null,
    timestampTrusted: !!(s.timestamp?.intact && s.timestamp.trusted),
    reason: s.reason ?? null,
    location: s.location ?? null,
    intact: s.intact,
    coversWholeDocument: s.coversWholeDocument,
    trusted: s.trusted,
    problems: s.problems,
  }));
  return { fileName: received.fileName, size: received.data.length, valid: result.valid, summary: summaryOf(result), signatures };
}
