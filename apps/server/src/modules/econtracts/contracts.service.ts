import { CODES, EC_READ_ANY } from '@wfsaas/contracts';
import type { Executor, Tx } from '../../platform/db.ts';
import { AppError, badRequest, notFound } from '../../platform/errors.ts';
import type { ServiceCtx } from '../../platform/http.ts';
import { createShortLink, notify, smsTemplates } from '../../platform/notify.ts';
import { listGrantedKeys } from '../../platform/permissions.ts';
import type { AppServices } from '../../platform/services.ts';
import { chinaToday } from '../../platform/china-date.ts';
import { decide, type ContractAction, type ContractState } from './econtract-transitions.ts';
import { appendContractEvents, linkExpiry, makeLinkToken, signLinkPath } from './econtract-support.ts';
import * as q from './econtracts.queries.ts';

/** What every contract use case shares: finding and locking a contract, its state, the employee's record values, telling the employee. */

export type ContractRow = q.ContractRow;

/** Reading contracts takes any one of the e-contract screens' permissions. */
export async function requireReadPermission(c: Pick<ServiceCtx, 'tx' | 'companyId' | 'user' | 'isAdmin'>): Promise<void> {
  if (c.isAdmin) return;
  const keys = new Set(await listGrantedKeys(c.tx, c.companyId, c.user.userId, c.isAdmin));
  if (!EC_READ_ANY.some((k) => keys.has(k))) throw new AppError(CODES.forbidden, `您没有此操作的权限（${EC_READ_ANY.join(' / ')}），请联系管理员`, 403);
}

export function stateOf(r: ContractRow): ContractState {
  return {
    status: r.status,
    form: r.form,
    signOrder: r.signOrder,
    companySigned: r.companySignedAt !== null,
    employeeSigned: r.employeeSignedAt !== null,
    deadline: r.deadline,
    lastUrgedAt: r.lastUrgedAt,
  };
}

export function decideOrThrow(r: ContractRow, action: ContractAction) {
  const d = decide(stateOf(r), action, { today: chinaToday(), at: new Date() });
  if (!d.ok) throw badRequest(d.message);
  return d.next;
}

export async function findContract(exec: Executor, companyId: number, id: number): Promise<ContractRow | null> {
  return q.findContract(exec, companyId, id);
}

export async function requireContract(exec: Executor, companyId: number, id: number, lock = false): Promise<ContractRow> {
  if (lock) await q.lockContract(exec, companyId, id);
  const row = await q.findContract(exec, companyId, id);
  if (!row) throw notFound('合同');
  return row;
}

// ── Employee record values ──

export type EmployeeRecord = {
  id: number;
  name: string;
  mobile: string | null;
  idNumber: string | null;
  values: Record<string, string | null>;
};

export async function loadEmployeeRecord(s: AppServices, exec: Executor, companyId: number, employeeId: number, term: { contractStart?: string | null; contractEnd?: string | null } = {}): Promise<EmployeeRecord> {
  const r = await q.findEmployeeForContract(exec, companyId, employeeId);
  if (!r) throw notFound('员工');
  const e = r.e;
  const mobile = e.mobileEnc ? s.cipher.decrypt(e.mobileEnc) : null;
  const idNumber = e.idNumberEnc ? s.cipher.decrypt(e.idNumberEnc) : null;
  return {
    id: e.id,
    name: e.name,
    mobile,
    idNumber,
    values: {
      name: e.name,
      idNumber,
      mobile,
      gender: e.gender === 1 ? '男' : e.gender === 2 ? '女' : null,
      employeeNo: e.employeeNo,
      department: r.dept,
      position: r.pos,
      salary: e.salary,
      hireDate: e.hireDate,
      contractStart: term.contractStart ?? null,
      contractEnd: term.contractEnd ?? null,
      probationEnd: e.probationEndDate,
      address: e.address,
      companyName: r.companyName,
      companyCreditCode: r.creditCode,
      today: chinaToday(),
    },
  };
}

export type Actor = { userId: number | null; name?: string | null; ip?: string | null; userAgent?: string | null };

export const actorOf = (c: ServiceCtx): Actor => ({ userId: c.user.userId, name: c.user.nickname, ip: c.ip, userAgent: c.userAgent });

/** Sends (or re-sends) the employee's signing link by SMS; records the event. */
export async function notifyEmployee(s: AppServices, tx: Tx, r: ContractRow, kind: 'sent' | 'urged', actor: Actor): Promise<void> {
  const e = await q.findEmployeeMobile(tx, r.companyId, r.employeeId);
  const mobile = e?.mobileEnc ? s.cipher.decrypt(e.mobileEnc) : null;
  const exp = linkExpiry(r.deadline);
  const link = signLinkPath(r.id, makeLinkToken(s, r.companyId, r.id, exp, r.linkVersion));
  const title = kind === 'urged' ? '合同签署提醒' : '合同签署通知';
  const content = kind === 'urged' ? `您有一份《${r.title}》尚未签署，请在${r.deadline ?? ''}前完成签署。` : `${e?.companyName ?? ''}邀请您签署《${r.title}》，请在${r.deadline ?? ''}前完成签署。`;
  const round = kind === 'urged' ? Date.now() : 0;
  if (mobile) {
    // the SMS carries a short link (/m/s/…) to the signing page, valid as long as the page's token
    const short = await createShortLink(tx, s, { key: `econtract:${r.companyId}:${r.id}:${r.linkVersion}`, target: link, expiresAt: new Date(exp * 1000), companyId: r.companyId });
    const sms = (kind === 'urged' ? smsTemplates.contractUrge : smsTemplates.contractLink)({ companyName: e?.companyName ?? '', title: r.title, link: short });
    const values = { 员工姓名: e?.name ?? '', 企业名称: e?.companyName ?? '', 合同名称: r.title, 截止日期: r.deadline ?? '', 链接: short };
    const event = { key: kind === 'urged' ? ('contractUrge' as const) : ('contractSign' as const), values };
    await notify(tx, s, { companyId: r.companyId, recipient: { phone: mobile }, channels: ['sms'], title, content, sms, link, idempotencyKey: `econtract:${r.id}:${kind}:${round}`, event });
  }
  await appendContractEvents(tx, r.companyId, r.id, [
    { type: kind, actorUserId: actor.userId, actorName: actor.name ?? null, ip: actor.ip, userAgent: actor.userAgent, detail: { channel: mobile ? 'sms' : 'link', mobile: mobile ? `${mobile.slice(0, 3)}****${mobile.slice(-4)}` : null } },
  ]);
}
