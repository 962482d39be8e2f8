import type { Executor } from '../../platform/db.ts';
import { chainEvents, eventMillis, firstBrokenLink } from '../../platform/hash-chain.ts';
import * as q from './payslips.queries.ts';
import { findLastEvent, insertEvents, listEvents } from './payslip-evidence.queries.ts';

/**
 * The evidence of a batch: append-only events in a hash chain (platform/hash-chain.ts).
 * Appending locks the batch row, so two requests cannot both chain onto the same event.
 */

export type PayslipEventKind = 'send' | 'fail' | 'view' | 'confirm' | 'autoConfirm' | 'feedback' | 'reply' | 'withdraw' | 'resend' | 'urge' | 'replace' | 'verifyFail' | 'passwordFail' | 'passwordReset';

export type NewEvent = {
  payslipId: number | null;
  kind: PayslipEventKind;
  actorUserId?: number | null;
  ip?: string | null;
  userAgent?: string | null;
  detail?: Record<string, unknown>;
};

type Hashable = {
  companyId: number;
  batchId: number;
  seq: number;
  payslipId: number | null;
  kind: string;
  actorUserId: number | null;
  ip: string | null;
  userAgent: string | null;
  detail: Record<string, unknown>;
  at: number;
};

/** Appends events to the batch's chain in the caller's transaction. */
export async function appendEvents(exec: Executor, companyId: number, batchId: number, events: NewEvent[]): Promise<void> {
  if (events.length === 0) return;
  await q.lockBatch(exec, companyId, batchId);
  const last = await findLastEvent(exec, companyId, batchId);
  const at = new Date();
  const rows = chainEvents(
    last,
    events.map((e) => ({
      companyId,
      batchId,
      payslipId: e.payslipId,
      kind: e.kind,
      actorUserId: e.actorUserId ?? null,
      ip: e.ip ?? null,
      userAgent: e.userAgent ?? null,
      detail: e.detail ?? {},
      at: at.getTime(),
    })),
  );
  await insertEvents(
    exec,
    rows.map(({ at: _at, ...r }) => ({ ...r, createdAt: at })),
  );
}

export type ChainCheck = { ok: boolean; events: number; brokenAtSeq: number | null };

/** Recomputes the batch's chain from its stored events: any edited, removed or reordered event breaks it. */
export async function verifyPayslipChain(exec: Executor, companyId: number, batchId: number): Promise<ChainCheck> {
  const events = await listEvents(exec, companyId, batchId);
  const broken = firstBrokenLink(events, (e): Hashable => ({
    companyId: Number(e.companyId),
    batchId: Number(e.batchId),
    seq: e.seq,
    payslipId: e.payslipId === null ? null : Number(e.payslipId),
    kind: e.kind,
    actorUserId: e.actorUserId === null ? null : Number(e.actorUserId),
    ip: e.ip,
    userAgent: e.userAgent,
    detail: e.detail,
    at: eventMillis(e.createdAt),
  }));
  return { ok: broken === null, events: events.length, brokenAtSeq: broken };
}
