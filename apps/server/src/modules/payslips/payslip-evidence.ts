import type { Executor } from '../../platform/db.ts';
import { chainHash, GENESIS_HASH } from '../../platform/hash-chain.ts';
import * as q from './payslips.queries.ts';

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

export { canonicalJson, GENESIS_HASH } from '../../platform/hash-chain.ts';

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

export function eventHash(prevHash: string, e: Hashable): string {
  return chainHash(prevHash, e);
}

/** Appends events to the batch's chain in the caller's transaction. */
export async function appendEvents(exec: Executor, companyId: number, batchId: number, events: NewEvent[]): Promise<void> {
  if (events.length === 0) return;
  await q.lockBatch(exec, companyId, batchId);
  const last = await q.findLastEvent(exec, companyId, batchId);
  let prev = last?.hash ?? GENESIS_HASH;
  let seq = last?.seq ?? 0;
  const at = new Date();
  const rows = events.map((e) => {
    seq++;
    const h: Hashable = {
      companyId,
      batchId,
      seq,
      payslipId: e.payslipId,
      kind: e.kind,
      actorUserId: e.actorUserId ?? null,
      ip: e.ip ?? null,
      userAgent: e.userAgent ?? null,
      detail: e.detail ?? {},
      at: at.getTime(),
    };
    const hash = eventHash(prev, h);
    const row = { ...h, prevHash: prev, hash, createdAt: at };
    prev = hash;
    return row;
  });
  await q.insertEvents(
    exec,
    rows.map(({ at: _at, ...r }) => r),
  );
}

export type ChainCheck = { ok: boolean; events: number; brokenAtSeq: number | null };

/** Recomputes the batch's chain from its stored events: any edited, removed or reordered event breaks it. */
export async function verifyPayslipChain(exec: Executor, companyId: number, batchId: number): Promise<ChainCheck> {
  const events = await q.listEvents(exec, companyId, batchId);
  let prev = GENESIS_HASH;
  let expectedSeq = 1;
  for (const e of events) {
    const at = e.createdAt instanceof Date ? e.createdAt.getTime() : new Date(e.createdAt as unknown as string).getTime();
    const h = eventHash(prev, {
      companyId: Number(e.companyId),
      batchId: Number(e.batchId),
      seq: e.seq,
      payslipId: e.payslipId === null ? null : Number(e.payslipId),
      kind: e.kind,
      actorUserId: e.actorUserId === null ? null : Number(e.actorUserId),
      ip: e.ip,
      userAgent: e.userAgent,
      detail: e.detail,
      at,
    });
    if (e.seq !== expectedSeq || e.prevHash !== prev || e.hash !== h) return { ok: false, events: events.length, brokenAtSeq: e.seq };
    prev = e.hash;
    expectedSeq++;
  }
  return { ok: true, events: events.length, brokenAtSeq: null };
}
