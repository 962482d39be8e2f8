import {
  CODES,
  CONTRACT_STATUS,
  contractStatusLabel,
  INTENT_TEXT,
  maskId,
  maskPhone,
  type PhoneContractOpen,
  type PhoneContractView,
  type PhoneSmsSent,
  type PhoneTicket,
  type TemplateField,
} from '@wfsaas/contracts';
import { issueEventCertificate } from '@wfsaas/esign';
import type { Tx } from '../../platform/db.ts';
import { AppError, badRequest } from '../../platform/errors.ts';
import type { PublicCtx } from '../../platform/http.ts';
import type { AppServices } from '../../platform/services.ts';
import { smsTemplates } from '../../platform/notify.ts';
import { checkSmsCode, sendSmsCode } from '../../platform/sms-codes.ts';
import { pngSize } from '../esign/index.ts';
import { downloadBytes } from './contract-views.service.ts';
import { decideOrThrow, findContract, loadEmployeeRecord, requireContract, stateOf, type ContractRow, type EmployeeRecord } from './contracts.service.ts';
import { recordSigned, signDocument } from './signing.service.ts';
import { awaiting, decide } from './econtract-transitions.ts';
import * as q from './econtracts.queries.ts';
import {
  appendContractEvents,
  checkTicket,
  esignCall,
  linkSignatureValid,
  makeTicket,
  parseLinkToken,
  platformRoot,
  readFileBytes,
  TICKET_TTL_MS,
  type NewContractEvent,
} from './econtract-support.ts';
import { chinaToday } from '../../platform/china-date.ts';
import { notifyContractEvent } from './sign-subscriptions.ts';

/**
 * The employee's phone signing page (/qszx-vite/detailWeifen/:contractId?t=<token>): no sign-in.
 * The link token names the company and contract and is signed with the server's secret and expires;
 * everything after runs in that company's tenant transaction.
 */

export const MSG_BAD_LINK = '签署链接无效，请联系公司HR重新发送';
export const MSG_LINK_EXPIRED = '签署链接已过期，请联系公司HR重新发送';
export const MSG_TICKET = '身份验证已过期，请重新验证';
export const MSG_IDENTITY = '姓名或证件号后6位与登记信息不一致';
const MAX_SIGNATURE_BYTES = 280 * 1024;

type Link = { contractId: number; t: string };
type Loaded = { tx: Tx; companyId: number; r: ContractRow; rec: EmployeeRecord; companyName: string };
type Client = { ip: string; userAgent: string };

const badLink = () => new AppError(CODES.notFound, MSG_BAD_LINK);

async function withLink<T>(s: AppServices, link: Link, fn: (l: Loaded) => Promise<T>): Promise<T> {
  const p = parseLinkToken(link.t);
  if (!p || p.contractId !== link.contractId) throw badLink();
  return s.database.inTenant(p.companyId, async (tx) => {
    const r = await findContract(tx, p.companyId, p.contractId);
    if (!r || !linkSignatureValid(s, p, r.linkVersion)) throw badLink();
    if (p.exp * 1000 < Date.now()) throw new AppError(CODES.badRequest, MSG_LINK_EXPIRED);
    const rec = await loadEmployeeRecord(s, tx, p.companyId, r.employeeId);
    const company = await q.findCompany(tx, p.companyId);
    return fn({ tx, companyId: p.companyId, r, rec, companyName: company?.name ?? '' });
  });
}

async function withTicket<T>(s: AppServices, link: Link & { ticket: string }, fn: (l: Loaded) => Promise<T>): Promise<T> {
  return withLink(s, link, async (l) => {
    const check = checkTicket(s, l.companyId, l.r.id, link.ticket);
    if (check !== 'ok') throw badRequest(MSG_TICKET);
    return fn(l);
  });
}

function maskName(name: string): string {
  const chars = [...name];
  return chars.length <= 1 ? name : `${'*'.repeat(chars.length - 1)}${chars[chars.length - 1]}`;
}

const event = (c: Client, type: string, detail: Record<string, unknown> = {}, actorName: string | null = null): NewContractEvent => ({ type, actorName, ip: c.ip, userAgent: c.userAgent, detail });

/** Why the employee cannot sign now, or null. */
function blockedReason(r: ContractRow): string | null {
  if (r.employeeSignedAt) return null;
  const d = decide(stateOf(r), 'employeeSign', { today: chinaToday(), at: new Date() });
  return d.ok ? null : d.message;
}

function phoneView(l: Loaded): PhoneContractView {
  const { r } = l;
  const inputs = (r.fields as unknown as TemplateField[]).filter((f) => f.kind === 'input');
  const blocked = blockedReason(r);
  return {
    contractId: r.id,
    title: r.title,
    companyName: l.companyName,
    name: l.rec.name,
    signStatus: r.status as PhoneContractView['signStatus'],
    signStatusLabel: contractStatusLabel(r.status),
    canSign: !r.employeeSignedAt && blocked === null && awaiting(stateOf(r)) !== null,
    blockedReason: r.employeeSignedAt ? null : blocked,
    inputs: inputs.map((f) => ({ key: f.key, label: f.label, required: f.required, value: r.inputValues[f.key] ?? null })),
    intentText: INTENT_TEXT,
    employeeSignedAt: r.employeeSignedAt ? r.employeeSignedAt.toISOString() : null,
    pageCount: r.pageCount,
  };
}

export async function open(s: AppServices, c: PublicCtx<Link>): Promise<PhoneContractOpen> {
  return withLink(s, c.body, async (l) => {
    await appendContractEvents(l.tx, l.companyId, l.r.id, [event(c, 'viewed')]);
    return {
      contractId: l.r.id,
      title: l.r.title,
      companyName: l.companyName,
      maskedName: maskName(l.rec.name),
      maskedMobile: l.rec.mobile ? maskPhone(l.rec.mobile) : null,
      signStatus: l.r.status as PhoneContractOpen['signStatus'],
      signStatusLabel: contractStatusLabel(l.r.status),
      deadline: l.r.deadline,
      blockedReason: l.r.employeeSignedAt ? null : blockedReason(l.r),
    };
  });
}

const purpose = (companyId: number, contractId: number) => `econtract:${companyId}:${contractId}`;

export async function sendCode(s: AppServices, c: PublicCtx<Link>): Promise<PhoneSmsSent> {
  const target = await withLink(s, c.body, async (l) => ({ companyId: l.companyId, contractId: l.r.id, mobile: l.rec.mobile, title: l.r.title }));
  if (!target.mobile) throw badRequest('员工未登记手机号，无法发送验证码，请联系公司HR');
  const sent = await sendSmsCode(s, {
    phone: target.mobile,
    purpose: purpose(target.companyId, target.contractId),
    ip: c.ip,
    companyId: target.companyId,
    text: (code) => smsTemplates.contractCode({ title: target.title, code }),
  });
  await s.database.inTenant(target.companyId, (tx) => appendContractEvents(tx, target.companyId, target.contractId, [event(c, 'codeSent', { mobile: maskPhone(target.mobile) })]));
  return { maskedMobile: maskPhone(target.mobile), ...sent };
}

export async function verify(s: AppServices, c: PublicCtx<Link & { code: string; name: string; idLast6: string }>): Promise<PhoneTicket> {
  const target = await withLink(s, c.body, async (l) => ({ companyId: l.companyId, contractId: l.r.id, rec: l.rec }));
  if (!target.rec.mobile) throw badRequest('员工未登记手机号，无法验证身份，请联系公司HR');
  await checkSmsCode(s, { phone: target.rec.mobile, purpose: purpose(target.companyId, target.contractId), code: c.body.code });
  const idOk = !!target.rec.idNumber && target.rec.idNumber.slice(-6).toUpperCase() === c.body.idLast6.toUpperCase();
  const nameOk = target.rec.name.trim() === c.body.name.trim();
  if (!idOk || !nameOk) {
    await s.database.inTenant(target.companyId, (tx) => appendContractEvents(tx, target.companyId, target.contractId, [event(c, 'verifyFailed', { mobile: maskPhone(target.rec.mobile) })]));
    throw badRequest(MSG_IDENTITY);
  }
  const expiresAt = Date.now() + TICKET_TTL_MS;
  const ticket = makeTicket(s, target.companyId, target.contractId, expiresAt);
  return withLink(s, c.body, async (l) => {
    await appendContractEvents(l.tx, l.companyId, l.r.id, [event(c, 'identityVerified', { mobile: maskPhone(l.rec.mobile), method: 'sms+name+idLast6' }, l.rec.name)]);
    return { ticket, expiresIn: TICKET_TTL_MS / 1000, view: phoneView(l) };
  });
}

export async function detail(s: AppServices, c: PublicCtx<Link & { ticket: string }>): Promise<PhoneContractView> {
  return withTicket(s, c.body, async (l) => phoneView(l));
}

export async function viewPdf(s: AppServices, c: PublicCtx<Link & { ticket: string }>): Promise<{ name: string; bytes: Uint8Array }> {
  return withTicket(s, c.body, async (l) => ({ name: `${l.r.title}.pdf`, bytes: await readFileBytes(s, l.tx, l.companyId, l.r.currentFileId ?? l.r.baseFileId) }));
}

export async function fill(s: AppServices, c: PublicCtx<Link & { ticket: string; values: Record<string, string> }>): Promise<PhoneContractView> {
  return withTicket(s, c.body, async (l) => {
    if (l.r.employeeSignedAt) throw badRequest('您已签署该合同，不能再修改填写内容');
    const blocked = blockedReason(l.r);
    if (blocked && l.r.status !== CONTRACT_STATUS.pending && l.r.status !== CONTRACT_STATUS.signing) throw badRequest(blocked);
    const inputs = new Map((l.r.fields as unknown as TemplateField[]).filter((f) => f.kind === 'input').map((f) => [f.key, f]));
    const values = { ...l.r.inputValues };
    for (const [key, value] of Object.entries(c.body.values)) {
      const f = inputs.get(key);
      if (!f) throw badRequest(`填写内容中的“${key}”不是本合同需要填写的项目`);
      values[key] = value;
    }
    const row = await q.updateContract(l.tx, l.companyId, l.r.id, { inputValues: values });
    await appendContractEvents(l.tx, l.companyId, l.r.id, [event(c, 'filled', { keys: Object.keys(c.body.values) }, l.rec.name)]);
    return phoneView({ ...l, r: row });
  });
}

function decodeSignature(dataUrl: string): Buffer {
  const m = /^data:image\/png;base64,([A-Za-z0-9+/=\s]+)$/.exec(dataUrl.trim());
  if (!m) throw badRequest('手写签名须为 PNG 图片');
  const png = Buffer.from(m[1]!.replace(/\s+/g, ''), 'base64');
  if (png.length > MAX_SIGNATURE_BYTES) throw badRequest('手写签名图片过大，请重新签名');
  const size = pngSize(png);
  if (!size || size.width < 20 || size.height < 10) throw badRequest('手写签名图片无效，请重新签名');
  return png;
}

export async function sign(s: AppServices, c: PublicCtx<Link & { ticket: string; signature: string; intent: true }>): Promise<PhoneContractView> {
  const png = decodeSignature(c.body.signature);
  return withTicket(s, c.body, async (l) => {
    const r = await requireContract(l.tx, l.companyId, l.r.id, true);
    const next = decideOrThrow(r, 'employeeSign');
    for (const f of (r.fields as unknown as TemplateField[]).filter((x) => x.kind === 'input' && x.required)) {
      if (!r.inputValues[f.key]) throw badRequest(`请先填写“${f.label}”`);
    }
    const root = await platformRoot(s, l.tx);
    const cert = await esignCall(() => issueEventCertificate(root, { name: l.rec.name, idNumberMasked: l.rec.idNumber ? maskId(l.rec.idNumber) : undefined, idNumberHash: l.rec.idNumber ? undefined : s.hashToken(`econtract-signer:${l.rec.id}`) }));
    const bytes = await signDocument(s, l.tx, r, { party: 'employee', p12: cert.p12, passphrase: '', signerName: l.rec.name, certificateSerial: cert.serialNumber, image: png });
    const row = await recordSigned(s, l.tx, r, 'employee', bytes, next, { employeeCertSerial: cert.serialNumber }, null);
    const events: NewContractEvent[] = [
      event(c, 'intentConfirmed', { text: INTENT_TEXT }, l.rec.name),
      event(c, 'employeeSigned', { signerName: l.rec.name, certificateSerial: cert.serialNumber, sha256: row.currentSha256, timestamp: 'internal-tsa' }, l.rec.name),
    ];
    if (next === CONTRACT_STATUS.signed) events.push({ type: 'completed', detail: { sha256: row.currentSha256 } });
    await appendContractEvents(l.tx, l.companyId, r.id, events);
    await notifyContractEvent(s, l.tx, row, next === CONTRACT_STATUS.signed ? 'completed' : 'toSign', null);
    return phoneView({ ...l, r: row });
  });
}

export async function download(s: AppServices, c: PublicCtx<Link & { ticket: string }>): Promise<{ name: string; bytes: Uint8Array }> {
  return withTicket(s, c.body, async (l) => {
    const bytes = await downloadBytes(s, l.tx, l.r);
    await appendContractEvents(l.tx, l.companyId, l.r.id, [event(c, 'downloaded', { by: 'employee' }, l.rec.name)]);
    return { name: `${l.r.title}-${l.r.contractNo}.pdf`, bytes };
  });
}
