import { APP_PRODUCTS, DEPOSIT_STATUS, type CapitalStat, type ServiceNameAndDesc } from '@wfsaas/contracts';
import { notFound } from '../../platform/errors.ts';
import type { ServiceCtx } from '../../platform/http.ts';
import * as lq from './ledger.queries.ts';
import { balances } from './ledger.service.ts';
import * as q from './lookups.queries.ts';

/** serviceRegistration/getNameAndDesc and capital/statCapital: read-only look-ups over the catalogue and the custody ledger. */

/** Names and descriptions of catalogue services, in the order asked; unknown codes are left out. */
export function serviceNamesAndDescriptions(ids: readonly string[]): ServiceNameAndDesc[] {
  const out: ServiceNameAndDesc[] = [];
  for (const id of new Set(ids)) {
    const p = APP_PRODUCTS.find((x) => x.code === id);
    if (p) out.push({ id: p.code, name: p.name, description: p.description });
  }
  return out;
}

/** The custody account's figures by its account number; another company's number is not found. */
export async function statCapital(c: ServiceCtx, id: string): Promise<CapitalStat> {
  const account = await lq.findAccount(c.tx, c.companyId);
  const own = account?.accountNo ?? `TG${String(c.companyId).padStart(8, '0')}`;
  if (id !== own) throw notFound('托管账户');
  const b = await balances(c);
  return { id: own, balance: b.custody, frozen: b.payable, inTransit: b.inTransit, deposited: await q.sumConfirmedDeposits(c.tx, c.companyId, DEPOSIT_STATUS.confirmed), paidOut: b.paidOut, fees: b.fees };
}
