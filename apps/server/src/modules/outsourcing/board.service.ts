import type { BoardClientRow, BoardView } from '@wfsaas/contracts';
import { addDays, addMonths, chinaMonth, chinaToday } from '../../platform/china-date.ts';
import type { ServiceCtx } from '../../platform/http.ts';
import { boardFacts } from './board.queries.ts';
import { dispatchRatio } from './dispatch-rules.ts';

/** 外包看板: per live client, who is placed, joining and leaving in the month, open orders and dismissals, the dispatch ratio and the month's bill. */

const DAY_MS = 86_400_000;
const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/** outsource/board */
export async function boardView(c: ServiceCtx, input: { month?: string } | undefined): Promise<BoardView> {
  const month = input?.month ?? chinaMonth();
  const monthStart = `${month}-01`;
  const monthEnd = addDays(addMonths(monthStart, 1), -1);
  const today = chinaToday();
  const facts = await boardFacts(c.tx, c.companyId, monthStart, monthEnd, month);
  const clients: BoardClientRow[] = facts.map((f) => ({
    clientId: f.clientId,
    clientName: f.clientName,
    kind: f.kind as 1 | 2 | 3,
    placed: f.placed,
    joiningThisMonth: f.joining,
    leavingThisMonth: f.leaving,
    openOrders: f.openOrders,
    openDismissals: f.openDismissals,
    ratio: f.kind === 1 ? dispatchRatio({ ownHeadcount: f.headcount, dispatched: f.current }) : null,
    agreementEnd: f.agreementEnd,
    agreementDaysLeft: daysBetween(today, f.agreementEnd),
    bill: f.billId !== null ? { billId: f.billId, status: f.billStatus!, total: f.billTotal! } : null,
  }));
  const sum = (k: 'placed' | 'joiningThisMonth' | 'leavingThisMonth' | 'openOrders') => clients.reduce((n, r) => n + r[k], 0);
  return {
    month,
    totals: { placed: sum('placed'), joining: sum('joiningThisMonth'), leaving: sum('leavingThisMonth'), openOrders: sum('openOrders'), clients: clients.length },
    clients,
  };
}
