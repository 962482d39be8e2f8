import { CONTRACT_STATUS, SIGN_ORDER, type ContractView } from '@wfsaas/contracts';
import type { StatusTone } from '../../app/ui/StatusTag.tsx';

/** Pure rules of the e-contract screens (no React; unit-tested). */

/** Status tones: pending grey, signing blue, signed green, expiring/suspended orange, withdrawn/ended default. */
export function contractTone(status: number): StatusTone {
  switch (status) {
    case CONTRACT_STATUS.pending:
      return 'pending';
    case CONTRACT_STATUS.signing:
      return 'processing';
    case CONTRACT_STATUS.signed:
      return 'success';
    case CONTRACT_STATUS.expiring:
    case CONTRACT_STATUS.suspended:
      return 'warning';
    default:
      return 'default';
  }
}

export type ContractAction = 'seal' | 'withdraw' | 'suspend' | 'resume' | 'end' | 'urge' | 'paper' | 'download' | 'evidence';

type Row = Pick<ContractView, 'signStatus' | 'awaiting' | 'form'>;

const open = (r: Row) => r.signStatus === CONTRACT_STATUS.pending || r.signStatus === CONTRACT_STATUS.signing;

/** Whether an action applies to a contract in its current state (the server decides in the end). */
export function canDo(action: ContractAction, r: Row): boolean {
  switch (action) {
    case 'seal':
      return open(r) && r.form === 1 && (r.awaiting === 'company' || r.awaiting === 'both');
    case 'urge':
      return open(r) && r.form === 1 && (r.awaiting === 'employee' || r.awaiting === 'both');
    case 'withdraw':
    case 'suspend':
      return open(r);
    case 'resume':
      return r.signStatus === CONTRACT_STATUS.suspended;
    case 'end':
      return r.signStatus === CONTRACT_STATUS.signed || r.signStatus === CONTRACT_STATUS.expiring || r.signStatus === CONTRACT_STATUS.suspended;
    case 'paper':
      return open(r) && r.form === 2;
    case 'download':
    case 'evidence':
      return true;
  }
}

/** Of the selected rows, those the company can seal now, and how many cannot. */
export function sealable<T extends Row>(rows: readonly T[]): { ok: T[]; skipped: number } {
  const ok = rows.filter((r) => canDo('seal', r));
  return { ok, skipped: rows.length - ok.length };
}

/** Whose turn it is, in words. */
export function awaitingText(a: ContractView['awaiting']): string {
  switch (a) {
    case 'company':
      return '待企业签署';
    case 'employee':
      return '待员工签署';
    case 'both':
      return '待双方签署';
    default:
      return '—';
  }
}

/** A batch's progress as a whole percentage (0 when the total is unknown). */
export function progressPercent(p: { total: number; done: number } | undefined): number {
  if (!p || p.total <= 0) return 0;
  return Math.min(100, Math.floor((p.done / p.total) * 100));
}

/** A filter value from a select where '' means all → the request value. */
export function filterValue(v: number | '' | null | undefined): number | undefined {
  return v === '' || v === null || v === undefined || v === -1 ? undefined : v;
}

/** The employee's phone link for a contract as an absolute URL of this site. */
export function absoluteLink(link: string, origin: string): string {
  return /^https?:\/\//.test(link) ? link : `${origin}${link.startsWith('/') ? '' : '/'}${link}`;
}

/**
 * The line under 合同已发起: when the employee gets the signing link. With 企业先签 the SMS goes only
 * once the company has sealed, so it is announced, not reported as sent.
 */
export function initiatedSubtitle(o: { name: string; count: number; notify: boolean; form: number; signOrder: number }): string {
  const base = `已为 ${o.name} 发起 ${o.count} 份合同`;
  if (o.form !== 1 || !o.notify) return `${base}。`;
  if (o.signOrder === SIGN_ORDER.companyFirst) return `${base}，请先完成企业盖章；企业盖章后，系统将自动把签署链接短信发送给员工。`;
  return `${base}，签署链接已通过短信发送给员工。`;
}

/** The initiate form's SMS option, worded for the sign order. */
export function notifyOptionLabel(signOrder: number): string {
  return signOrder === SIGN_ORDER.companyFirst ? '通过短信向员工发送签署链接（企业盖章后自动发送）' : '立即通过短信向员工发送签署链接';
}

/** The e-signature menu entry a contract's detail belongs under: 待签署 while it is being signed, 已签署 otherwise. */
export function contractMenuParent(status: number): 'signContract' | 'signedContract' {
  return status === CONTRACT_STATUS.pending || status === CONTRACT_STATUS.signing ? 'signContract' : 'signedContract';
}
