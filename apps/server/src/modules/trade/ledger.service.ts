import { Decimal } from 'decimal.js';
import type { LedgerType } from '@wfsaas/contracts';
import type { ServiceCtx } from '../../platform/http.ts';
import { isBalanced, type Posting } from './ledger.ts';
import * as q from './ledger.queries.ts';

/** Writing to the custody ledger: one transaction of balanced postings, under the account's lock (docs/custody-account.md). */

export type Balances = { custody: string; inTransit: string; payable: string; paidOut: string; fees: string; external: string };

function read(m: Map<string, string>, k: string): string {
  return new Decimal(m.get(k) ?? 0).toFixed(2);
}

/** Locks the company's account for the rest of the request; answers the balances as they stand. */
export async function lockLedger(c: ServiceCtx): Promise<Balances> {
  await q.lockAccount(c.tx, c.companyId);
  return balances(c);
}

export async function balances(c: ServiceCtx): Promise<Balances> {
  const m = await q.accountBalances(c.tx, c.companyId);
  return { custody: read(m, 'custody'), inTransit: read(m, 'in_transit'), payable: read(m, 'payable'), paidOut: read(m, 'paid_out'), fees: read(m, 'fees'), external: read(m, 'external') };
}

/** Appends one transaction; its postings must balance (a programming error otherwise, never the user's). */
export async function post(c: ServiceCtx, t: { type: LedgerType; refKind: 'deposit' | 'payout' | 'bill'; refId: number; memo: string }, postings: Posting[]): Promise<number> {
  if (!isBalanced(postings)) throw new Error(`unbalanced custody transaction ${t.type}`);
  await q.lockAccount(c.tx, c.companyId);
  return q.insertTransaction(c.tx, { companyId: c.companyId, ...t, actorKind: c.actorKind ?? 'member', actorUserId: c.user.userId }, postings);
}
