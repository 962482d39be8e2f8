import type { SubsOrderInput } from '@wfsaas/contracts';
import { addDays, addMonths, chinaMonth, chinaToday } from '../../platform/china-date.ts';
import { jobCtx, type ServiceCtx } from '../../platform/http.ts';
import type { AppServices } from '../../platform/services.ts';
import { markPlatformBillPaid } from './platform-bills.service.ts';
import { daysBetween } from './subscriptions.pricing.ts';
import * as q from './subscriptions.queries.ts';
import { insertUsage } from './usage.queries.ts';
import { registerSubscriptionHooks, submitOrder } from './subscriptions.service.ts';

/**
 * The demo subscriptions, bought through the real order and bill path and then dated back: company 1 has
 * 人事管理专业版 (300 seats, ten months in), a 500-signature pack partly used and 电子工资条, with a
 * renewal order waiting for payment; company 2 has 外包管理 and 人事管理基础版.
 */
export async function seedDemoSubscriptions(s: AppServices): Promise<void> {
  // the seed may run before the app wires its modules: paying a bill must still start its subscription
  registerSubscriptionHooks();
  const companies = await q.demoCompanies(s.database.db);
  const today = chinaToday();
  for (const [i, company] of companies.entries()) {
    if (company.adminId === null) continue;
    await s.database.inTenant(company.id, async (tx) => {
      if ((await q.listSubscriptions(tx, company.id)).length > 0) return;
      const c: ServiceCtx = jobCtx(s, tx, company.id, { userId: company.adminId!, nickname: '演示数据', sessionId: 0 }, 'seed');
      const buy = async (input: SubsOrderInput, monthsAgo: number) => {
        const order = await submitOrder(c, input);
        // the demo's past orders were paid by transfers the platform's operator confirmed
        await markPlatformBillPaid({ ...c, actorKind: 'operator' }, order.billId!, { method: 'transfer', reference: `演示转账${order.orderNo}` });
        const start = addMonths(today, -monthsAgo);
        const term = { startDate: start, endDate: addDays(addMonths(start, input.months ?? 12), -1) };
        // dated back once every order is numbered, so a renamed number frees no sequence for the next
        later.push(() => q.backdateOrder(tx, company.id, order.id, daysBetween(start, today), term));
        await q.setSubscriptionTerm(tx, company.id, input.product, term);
      };
      const later: (() => Promise<void>)[] = [];
      if (i === 0) {
        await buy({ product: 'hr', action: 'new', edition: 'pro', seats: 300, months: 12 }, 10);
        await buy({ product: 'econtract', action: 'pack', edition: 'pack500' }, 3);
        await buy({ product: 'payslip', action: 'new', edition: 'standard', seats: 300, months: 12 }, 6);
        // signatures of the past three months, drawn from the pack
        for (const [back, qty] of [[3, 42], [2, 57], [1, 38]] as const) {
          const month = chinaMonth(new Date(`${addMonths(today, -back)}T12:00:00+08:00`));
          await insertUsage(tx, { companyId: company.id, meter: 'signature', ref: `history:${month}`, qty, month, coveredBy: 'pack' });
        }
        await submitOrder(c, { product: 'hr', action: 'renew', seats: 300, months: 12 });
      } else {
        await buy({ product: 'outsourcing', action: 'new', edition: 'standard', months: 12 }, 4);
        await buy({ product: 'hr', action: 'new', edition: 'basic', seats: 100, months: 12 }, 4);
      }
      for (const backdate of later) await backdate();
    });
  }
}
