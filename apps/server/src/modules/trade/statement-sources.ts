import type { ServiceCtx } from '../../platform/http.ts';
import type { NewPlatformBillLine } from './platform-bills.service.ts';

/**
 * What a month's statement (bill type 1) is made of: each source (e.g. 'usage', the metered use beyond
 * a subscription's pack) answers its lines for a company and month. A source registers once at start;
 * generating, updating and retrying a statement ask every source again.
 */
export type StatementSource = { kind: string; title: string; lines: (c: ServiceCtx, month: string) => Promise<NewPlatformBillLine[]> };

const sources = new Map<string, StatementSource>();

export function registerStatementSource(source: StatementSource): void {
  sources.set(source.kind, source);
}

export function statementSource(kind: string): StatementSource | undefined {
  return sources.get(kind);
}

export function statementSources(): StatementSource[] {
  return [...sources.values()];
}
