import { createHash } from 'node:crypto';

/**
 * Evidence as an append-only hash chain (payslip batches, e-contracts): each event's hash is
 * sha256(previous hash + canonical JSON of the event), the first event's previous hash is 64 zeros.
 * Editing any stored event breaks every hash after it.
 */

export const GENESIS_HASH = '0'.repeat(64);

/** JSON with object keys sorted at every level: the same event always gives the same text. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const obj = value as Record<string, unknown>;
  return `{${Object.keys(obj)
    .filter((k) => obj[k] !== undefined)
    .sort()
    .map((k) => `${JSON.stringify(k)}:${canonicalJson(obj[k])}`)
    .join(',')}}`;
}

/** The hash of an event chained onto the previous one. */
export function chainHash(prevHash: string, event: object): string {
  return createHash('sha256')
    .update(prevHash + canonicalJson(event))
    .digest('hex');
}

export type ChainLink = { seq: number; prevHash: string; hash: string };

/** Numbers new events on after the chain's last stored one and hashes each onto the one before (hashed with its seq). */
export function chainEvents<T extends object>(last: { seq: number; hash: string } | null | undefined, events: T[]): Array<T & ChainLink> {
  let prevHash = last?.hash ?? GENESIS_HASH;
  let seq = last?.seq ?? 0;
  return events.map((e) => {
    seq++;
    const hash = chainHash(prevHash, { ...e, seq });
    const row = { ...e, seq, prevHash, hash };
    prevHash = hash;
    return row;
  });
}

/** The seq of the first stored event whose number, link or hash is wrong, or null when the chain is intact; `hashed` rebuilds what was hashed. */
export function firstBrokenLink<E extends ChainLink>(events: E[], hashed: (e: E) => object): number | null {
  let prev = GENESIS_HASH;
  let expectedSeq = 1;
  for (const e of events) {
    if (e.seq !== expectedSeq || e.prevHash !== prev || e.hash !== chainHash(prev, hashed(e))) return e.seq;
    prev = e.hash;
    expectedSeq++;
  }
  return null;
}

/** A stored `created_at` as the milliseconds the chain hashed. */
export function eventMillis(createdAt: Date | string): number {
  return createdAt instanceof Date ? createdAt.getTime() : new Date(createdAt).getTime();
}
