import { CONTRACT_STATUS, type ContractView } from '@wfsaas/contracts';
import type { StatusTone } from '../../app/ui/StatusTag.tsx';

/** Pure rules of the e-contract screens (no React; unit-tested). */

/** UI.md tones: pending grey, signing blue, signed green, expiring/suspended orange, withdrawn/ended default. */
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

/** A filter value from a select where '' means all (SPEC §4) → the request value. */
export function filterValue(v: number | '' | null | undefined): number | undefined {
  return v === '' || v === null || v === undefined || v === -1 ? undefined : v;
}

/** The employee's phone link for a contract as an absolute URL of this site. */
export function absoluteLink(link: string, origin: string): string {
  return /^https?:\/\//.test(link) ? link : `${origin}${link.startsWith('/') ? '' : '/'}${link}`;
}
