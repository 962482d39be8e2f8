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
