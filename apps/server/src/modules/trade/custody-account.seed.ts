import { Decimal } from 'decimal.js';
import { DEPOSIT_STATUS } from '@wfsaas/contracts';
import { addDays, chinaToday } from '../../platform/china-date.ts';
import { jobCtx, type ServiceCtx } from '../../platform/http.ts';
import type { AppServices } from '../../platform/services.ts';
import { confirmDeposit } from './custody-account.service.ts';
import * as q from './custody-account.queries.ts';
import { postingsFor } from './ledger.ts';
import * as lq from './ledger.queries.ts';
import { post } from './ledger.service.ts';
import { addPayout, confirmPayout, payoutRuns, payPayout, registerCustodyHooks } from './payouts.service.ts';

/**
 * The demo company's custody account: two deposits confirmed, one awaiting the platform, and last
 * month's locked payroll paid out from the balance (its bill 已付款). Skipped when the account exists.
 */

const roundUp = (v: Decimal, step: number) => v.div(step).ceil().times(step);

async function registerDeposit(c: ServiceCtx, amount: string, reference: string, transferDate: string): Promise<number> {
  const d = await q.insertDeposit(c.tx, { companyId: c.companyId, amount, reference, payerName: '杭州云帆科技有限公司', transferDate, status: DEPOSIT_STATUS.pending, createdBy: null });
  await post(c, { type: 'deposit_register', refKind: 'deposit', refId: d.id, memo: `登记充值 流水号${reference}` }, postingsFor.depositRegister(amount));
  return d.id;
}

export async function seedDemoCustody(s: AppServices): Promise<void> {
  registerCustodyHooks();
  const companyId = await q.findFirstCompanyId(s.database.db);
  if (companyId === null) return;
  await s.database.inTenant(companyId, async (tx) => {
    if (await lq.findAccount(tx, companyId)) return;
    // the demo's payout was confirmed and paid by the company's own people, not by a job
    const c: ServiceCtx = { ...jobCtx(s, tx, companyId, { userId: 0, nickname: '演示数据', sessionId: 0 }, 'seed'), actorKind: undefined };
    const run = (await payoutRuns(c)).find((r) => r.headcount > 0 && r.payoutId === null);
    const today = chinaToday();
    const payout = run ? await addPayout(c, run.runId) : null;
    const need = new Decimal(payout?.total ?? '80000');
    const first = roundUp(need.times(0.6), 10_000);
    const second = roundUp(need.minus(first).plus(30_000), 10_000);
    await confirmDeposit(c, await registerDeposit(c, first.toFixed(2), `HZYF${today.replace(/-/g, '')}01`, addDays(today, -20)));
    await confirmDeposit(c, await registerDeposit(c, second.toFixed(2), `HZYF${today.replace(/-/g, '')}02`, addDays(today, -6)));
    await registerDeposit(c, '50000.00', `HZYF${today.replace(/-/g, '')}03`, addDays(today, -1));
    if (payout) {
      await confirmPayout(c, payout.id);
      await payPayout(c, payout.id);
    }
  });
}
