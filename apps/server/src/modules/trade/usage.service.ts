import { Decimal } from 'decimal.js';
import { SIGNATURE_OVERAGE_PRICE, type SubsUsageView } from '@wfsaas/contracts';
import { badRequest } from '../../platform/errors.ts';
import type { ServiceCtx } from '../../platform/http.ts';
import { chinaDayStart, chinaMonth, chinaToday } from '../../platform/china-date.ts';
import type { NewPlatformBillLine } from './platform-bills.service.ts';
import { productOf, termState } from './subscriptions.pricing.ts';
import * as sq from './subscriptions.queries.ts';
import * as q from './usage.queries.ts';

/**
 * Usage metering (docs/subscriptions.md#usage): a completed signature draws on the signature packs, or
 * is overage when they are spent (billed on the month's usage statement); a locked payroll run counts
 * the employees paid. Each use is recorded once by what it was (its ref).
 */

export type Meter = 'signature' | 'payrollEmployees';
type MeterCtx = Pick<ServiceCtx, 'tx' | 'companyId'>;

/** Signatures bought, drawn from the packs and left; null when the company has no e-contract subscription (not metered). */
export async function signatureBalance(c: MeterCtx, lock = false): Promise<{ bought: number; used: number; left: number; endDate: string } | null> {
  const sub = await sq.findSubscription(c.tx, c.companyId, 'econtract', lock);
  if (!sub) return null;
  const used = await q.sumUsage(c.tx, c.companyId, 'signature', { coveredBy: 'pack' });
  return { bought: sub.signaturesBought, used, left: Math.max(0, sub.signaturesBought - used), endDate: sub.endDate };
}

/** Records a use. A signature (ref = the contract) is drawn from the packs while any is left, otherwise it is overage. */
export async function meterUsage(c: MeterCtx, meter: Meter, qty: number, ref: string): Promise<void> {
  const month = chinaMonth();
  if (meter === 'payrollEmployees') {
    await q.upsertUsage(c.tx, { companyId: c.companyId, meter, ref, qty, month, coveredBy: 'seats' });
    return;
  }
  // The subscription row is locked so two signatures completing together cannot both take the last one.
  const balance = await signatureBalance(c, true);
  const coveredBy = balance === null ? 'unmetered' : balance.left >= qty ? 'pack' : 'overage';
  await q.insertUsage(c.tx, { companyId: c.companyId, meter, ref, qty, month, coveredBy });
}

/**
 * Refuses a product's new work (sending payslips, calculating payroll) once its subscription is past
 * the grace period: read-only, never data loss. A company without that subscription is not refused.
 */
export async function assertServiceActive(c: MeterCtx, product: 'payslip' | 'payroll'): Promise<void> {
  const sub = await sq.findSubscription(c.tx, c.companyId, product);
  if (sub && termState(sub.endDate, chinaToday()) === 'expired') throw badRequest(`${productOf(product).name}服务已到期，请续费后继续使用（数据仍可查看和导出）`);
}

export const econtractExpiredMessage = '电子合同服务已到期，请续费后继续使用（数据仍可查看和导出）';
export const signaturesSpentMessage = '电子合同签署份数已用完，请购买套餐包后继续使用（数据仍可查看和导出）';

/**
 * Refuses to initiate new contracts when the company's e-contract service has expired past its grace
 * period or its signature packs are spent. Contracts under way, their signing and their files are untouched.
 */
export async function assertEcontractInitiation(c: MeterCtx): Promise<void> {
  const balance = await signatureBalance(c);
  if (balance === null) return;
  if (termState(balance.endDate, chinaToday()) === 'expired') throw badRequest(econtractExpiredMessage);
  if (balance.left <= 0) throw badRequest(signaturesSpentMessage);
}

export async function usageView(c: MeterCtx): Promise<SubsUsageView> {
  const month = chinaMonth();
  const balance = await signatureBalance(c);
  return {
    roster: await q.countRoster(c.tx, c.companyId),
    signaturesBought: balance?.bought ?? 0,
    signaturesUsed: balance?.used ?? (await q.sumUsage(c.tx, c.companyId, 'signature')),
    signaturesLeft: balance?.left ?? 0,
    smsThisMonth: await q.countSmsSent(c.tx, c.companyId, chinaDayStart(`${month}-01`)),
    paidEmployeesThisMonth: await q.sumUsage(c.tx, c.companyId, 'payrollEmployees', { month }),
  };
}

/** The 'usage' lines of a month's statement: signatures completed that month beyond every pack. */
export async function usageStatementLines(c: MeterCtx, month: string): Promise<NewPlatformBillLine[]> {
  const over = await q.sumUsage(c.tx, c.companyId, 'signature', { month, coveredBy: 'overage' });
  if (over === 0) return [];
  const amount = new Decimal(over).times(SIGNATURE_OVERAGE_PRICE).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);
  return [{ item: '电子合同超出套餐签署', quantity: String(over), unit: '份', unitPrice: SIGNATURE_OVERAGE_PRICE, amount, note: `${month}签署完成、超出已购套餐包的合同份数` }];
}
