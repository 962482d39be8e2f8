import { createHash, hkdfSync, timingSafeEqual } from 'node:crypto';
import { CERTIFICATION_STATUS, CODES, ESIGN_PREFIX } from '@wfsaas/contracts';
import { createHttpTsa, createInternalTsa, EsignInputError, TsaUnavailableError, issueCompanyCertificate, issueTsaCertificate, type RootCa, type Tsa } from '@wfsaas/esign';
import type { Executor, Tx } from '../../platform/db.ts';
import { AppError, badRequest } from '../../platform/errors.ts';
import { findFile, getFileStore, insertFileRow, newStorageKey, openStoredFile, type FileOwner, type FileRow } from '../../platform/files/index.ts';
import { loadPlatformRoot } from '../../platform/platform-ca.ts';
import type { AppServices } from '../../platform/services.ts';
import { chainEvents, eventMillis, firstBrokenLink } from '../../platform/hash-chain.ts';
import * as q from './econtracts.queries.ts';

// ── Files ──

/**
 * Stores a PDF (or a scan) in the file store and the files table, in the caller's transaction, as
 * the owner's (a contract or a template); without an owner it stays the uploader's until claimed.
 */
export async function putFile(s: AppServices, exec: Executor, v: { companyId: number; userId: number | null; name: string; bytes: Uint8Array; mime?: string; ext?: string; owner?: FileOwner }): Promise<FileRow> {
  const key = newStorageKey(v.companyId, 'upload', v.ext ?? '.pdf');
  const blob = await getFileStore(s).put(key, Buffer.from(v.bytes.buffer, v.bytes.byteOffset, v.bytes.byteLength));
  try {
    return await insertFileRow(exec, {
      companyId: v.companyId,
      uploadedBy: v.userId,
      originalName: v.name,
      mime: v.mime ?? 'application/pdf',
      size: blob.size,
      sha256: blob.sha256,
      storageKey: key,
      isImage: (v.mime ?? '').startsWith('image/'),
      kind: v.owner?.kind ?? 'upload',
      ownerId: v.owner?.ownerId ?? null,
    });
  } catch (err) {
    await getFileStore(s).delete(key);
    throw err;
  }
}

export async function readFileBytes(s: AppServices, exec: Executor, companyId: number, fileId: number): Promise<Buffer> {
  const file = await findFile(exec, companyId, fileId);
  if (!file) throw badRequest('合同文件不存在或已被删除');
  const stream = await openStoredFile(s, file);
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

export const sha256Hex = (data: Uint8Array): string => createHash('sha256').update(data).digest('hex');

/** Turns an esign input error into a 400 with its Chinese message. */
/** A time-stamping failure anywhere in the error's cause chain (the PDF signer may wrap it). */
function tsaFailure(err: unknown): TsaUnavailableError | null {
  for (let e: unknown = err, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) if (e instanceof TsaUnavailableError) return e;
  return null;
}

export async function esignCall<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof EsignInputError) throw badRequest(err.message);
    // the time-stamping service failed: not the user's input, but they read why
    const tsa = tsaFailure(err);
    if (tsa) throw new AppError(CODES.serverError, tsa.message);
    throw err;
  }
}

// ── The employee's link and view ticket ──

/** Days a link stays valid after the signing deadline (the employee downloads the signed contract with it). */
export const LINK_DAYS_AFTER_DEADLINE = 365;
export const TICKET_TTL_MS = 30 * 60_000;

function linkSignature(s: Pick<AppServices, 'hashToken'>, companyId: number, contractId: number, exp: number, version: number): string {
  return s.hashToken(`econtract-link:${companyId}:${contractId}:${exp}:${version}`);
}

/** `<companyId>.<contractId>.<expiry, unix seconds>.<keyed hash>`: signed, expiring, voided when the contract's link version changes. */
export function makeLinkToken(s: Pick<AppServices, 'hashToken'>, companyId: number, contractId: number, exp: number, version: number): string {
  return `${companyId}.${contractId}.${exp}.${linkSignature(s, companyId, contractId, exp, version)}`;
}

export type ParsedLink = { companyId: number; contractId: number; exp: number; sig: string };

export function parseLinkToken(token: string): ParsedLink | null {
  const m = /^(\d{1,15})\.(\d{1,15})\.(\d{9,11})\.([0-9a-f]{64})$/.exec(token);
  if (!m) return null;
  return { companyId: Number(m[1]), contractId: Number(m[2]), exp: Number(m[3]), sig: m[4]! };
}

export function linkSignatureValid(s: Pick<AppServices, 'hashToken'>, p: ParsedLink, version: number): boolean {
  const expected = Buffer.from(linkSignature(s, p.companyId, p.contractId, p.exp, version));
  const given = Buffer.from(p.sig);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** Link expiry for a contract: the deadline's end (China) plus LINK_DAYS_AFTER_DEADLINE. */
export function linkExpiry(deadline: string | null, now = new Date()): number {
  const base = deadline ? new Date(`${deadline}T23:59:59+08:00`) : now;
  return Math.floor(base.getTime() / 1000) + LINK_DAYS_AFTER_DEADLINE * 86400;
}

export function signLinkPath(contractId: number, token: string): string {
  return `${ESIGN_PREFIX}/detailWeifen/${contractId}?t=${token}`;
}

export function makeTicket(s: Pick<AppServices, 'hashToken'>, companyId: number, contractId: number, expiresAt: number): string {
  return `${expiresAt}.${s.hashToken(`econtract-ticket:${companyId}:${contractId}:${expiresAt}`)}`;
}

export function checkTicket(s: Pick<AppServices, 'hashToken'>, companyId: number, contractId: number, ticket: string, now = Date.now()): 'ok' | 'expired' | 'invalid' {
  const m = /^(\d{13})\.([0-9a-f]{64})$/.exec(ticket);
  if (!m) return 'invalid';
  const expiresAt = Number(m[1]);
  const expected = Buffer.from(makeTicket(s, companyId, contractId, expiresAt));
  const given = Buffer.from(ticket);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'invalid';
  return expiresAt > now ? 'ok' : 'expired';
}

// ── Certificates and time-stamps ──

const roots = new Map<string, Promise<RootCa>>();
/** The platform root with its key, decrypted once per process. */
export async function platformRoot(s: AppServices, exec: Executor): Promise<RootCa> {
  const key = s.config.encryptionKey.toString('base64');
  let p = roots.get(key);
  if (!p) {
    p = loadPlatformRoot(exec, s.config.encryptionKey);
    roots.set(key, p);
    p.catch(() => roots.delete(key));
  }
  return p;
}

let tsaCache: { rootSerial: string; notAfter: number; tsa: Tsa } | null = null;
/** The internal TSA, its certificate issued by the platform root and renewed before it lapses. */
/**
 * The time-stamping authority of every signature: the external RFC 3161 service when TSA_URL is
 * configured, otherwise the platform's internal TSA (a certificate under the platform root).
 */
export async function signingTsa(s: AppServices, exec: Executor): Promise<Tsa> {
  if (s.config.tsa) return createHttpTsa({ url: s.config.tsa.url, username: s.config.tsa.username, password: s.config.tsa.password });
  const root = await platformRoot(s, exec);
  if (tsaCache && tsaCache.rootSerial === root.serialNumber && tsaCache.notAfter > Date.now() + 86400_000) return tsaCache.tsa;
  const cert = await issueTsaCertificate(root, { validityDays: 30 });
  const tsa = createInternalTsa({ certificatePem: cert.certificatePem, privateKeyPem: cert.privateKeyPem, chainPem: [root.certificatePem] });
  tsaCache = { rootSerial: root.serialNumber, notAfter: cert.notAfter.getTime(), tsa };
  return tsa;
}

function companyP12Passphrase(s: AppServices, companyId: number): string {
  return Buffer.from(hkdfSync('sha256', s.config.encryptionKey, Buffer.alloc(0), `wfsaas/company-cert/${companyId}`, 32)).toString('base64url');
}

export const COMPANY_CERT_DAYS = 30;
export const MSG_NOT_CERTIFIED = '企业未完成认证，不能签发企业签名证书，请先在企业信息中完成企业认证';

/** The company's signing certificate (PKCS#12 and passphrase): issued on first use and again when it has less than a day left. */
export async function companyCertificate(s: AppServices, tx: Tx, companyId: number): Promise<{ p12: Buffer; passphrase: string; serialNumber: string; name: string }> {
  const passphrase = companyP12Passphrase(s, companyId);
  const company = await q.findCompany(tx, companyId);
  if (!company) throw badRequest('企业不存在');
  const valid = await q.findValidCertificate(tx, companyId, new Date(Date.now() + 86400_000));
  if (valid) return { p12: Buffer.from(valid.p12, 'base64'), passphrase, serialNumber: valid.serialNumber, name: company.name };
  if (!company.creditCode) throw badRequest('企业未登记统一社会信用代码，无法签发企业签名证书，请先在企业信息中补充');
  // A certificate vouches for the company's name and credit code: only a certified company gets one (docs/enterprise.md).
  if (company.certificationStatus !== CERTIFICATION_STATUS.certified) throw badRequest(MSG_NOT_CERTIFIED);
  const root = await platformRoot(s, tx);
  const cert = await esignCall(() => issueCompanyCertificate(root, { companyName: company.name, uscc: company.creditCode!, validityDays: COMPANY_CERT_DAYS, p12Passphrase: passphrase }));
  await q.insertCertificate(tx, {
    companyId,
    serialNumber: cert.serialNumber,
    certificatePem: cert.certificatePem,
    p12: cert.p12.toString('base64'),
    notBefore: cert.notBefore,
    notAfter: cert.notAfter,
  });
  return { p12: cert.p12, passphrase, serialNumber: cert.serialNumber, name: company.name };
}

// ── Evidence: a hash chain per contract ──

export type NewContractEvent = {
  type: string;
  actorUserId?: number | null;
  actorName?: string | null;
  ip?: string | null;
  userAgent?: string | null;
  detail?: Record<string, unknown>;
};

type Hashable = {
  companyId: number;
  contractId: number;
  seq: number;
  type: string;
  actorUserId: number | null;
  actorName: string | null;
  ip: string | null;
  userAgent: string | null;
  detail: Record<string, unknown>;
  at: number;
};

/** Appends events to the contract's chain in the caller's transaction (the contract row is locked first). */
export async function appendContractEvents(tx: Executor, companyId: number, contractId: number, events: NewContractEvent[]): Promise<void> {
  if (events.length === 0) return;
  await q.lockContract(tx, companyId, contractId);
  const last = await q.findLastEvent(tx, companyId, contractId);
  const at = new Date();
  const rows = chainEvents(
    last,
    events.map((e) => ({
      companyId,
      contractId,
      type: e.type,
      actorUserId: e.actorUserId ?? null,
      actorName: e.actorName ?? null,
      ip: e.ip ?? null,
      userAgent: e.userAgent ? e.userAgent.slice(0, 500) : null,
      detail: e.detail ?? {},
      at: at.getTime(),
    })),
  );
  await q.insertEvents(
    tx,
    rows.map(({ at: _at, ...r }) => ({ ...r, createdAt: at })),
  );
}

export type StoredEvent = q.StoredEvent;

export async function listContractEvents(exec: Executor, companyId: number, contractId: number): Promise<StoredEvent[]> {
  return q.listEvents(exec, companyId, contractId);
}

/** Recomputes the chain: any edited, removed or reordered event breaks it at that event. */
export function checkChain(events: StoredEvent[]): { intact: boolean; brokenAt: number | null } {
  const brokenAt = firstBrokenLink(events, (e): Hashable => ({
    companyId: Number(e.companyId),
    contractId: Number(e.contractId),
    seq: e.seq,
    type: e.type,
    actorUserId: e.actorUserId === null ? null : Number(e.actorUserId),
    actorName: e.actorName,
    ip: e.ip,
    userAgent: e.userAgent,
    detail: e.detail,
    at: eventMillis(e.createdAt),
  }));
  return { intact: brokenAt === null, brokenAt };
}

export const EVENT_LABELS: Record<string, string> = {
  created: '发起合同',
  sent: '发送签署通知',
  viewed: '员工打开合同',
  codeSent: '发送短信验证码',
  identityVerified: '员工身份核验通过',
  verifyFailed: '员工身份核验未通过',
  filled: '员工填写合同内容',
  intentConfirmed: '员工确认签署意愿',
  employeeSigned: '员工签署',
  companySigned: '企业盖章签署',
  completed: '合同签署完成',
  downloaded: '下载合同',
  urged: '催促员工签署',
  withdrawn: '撤回合同',
  suspended: '中止合同',
  resumed: '恢复合同',
  ended: '终止合同',
  paperSigned: '纸质合同标记已签署',
};
