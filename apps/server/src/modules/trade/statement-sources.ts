import type { ServiceCtx } from '../../platform/http.ts';
import type { PlatformBillRecord } from './platform-bills.queries.ts';
import type { NewPlatformBillLine } from './platform-bills.service.ts';

/**
 * What other modules plug into platform bills, registered once at start:
 * - a statement source answers its lines of a month's statement (bill type 1) for a company; generating,
 *   updating and retrying a statement ask every source again;
 * - a paid handler runs, in the same transaction, when a bill of its kind becomes 已付款 (a price order's
 *   subscription starts, a payout is released).
 */
export type StatementSource = { kind: string; title: string; lines: (c: ServiceCtx, month: string) => Promise<NewPlatformBillLine[]> };
export type BillPaidHandler = (c: ServiceCtx, bill: PlatformBillRecord) => Promise<void>;

const sources = new Map<string, StatementSource>();
const paidHandlers = new Map<string, BillPaidHandler>();

export function registerStatementSource(source: StatementSource): void {
  sources.set(source.kind, source);
}

export function statementSources(): StatementSource[] {
  return [...sources.values()];
}

export function registerBillPaidHandler(kind: string, handler: BillPaidHandler): void {
  paidHandlers.set(kind, handler);
}

export function billPaidHandler(kind: string): BillPaidHandler | undefined {
  return paidHandlers.get(kind);
}
