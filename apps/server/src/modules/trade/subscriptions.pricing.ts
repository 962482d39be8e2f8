import { Decimal } from 'decimal.js';
import { APP_PRODUCTS, SUBS_GRACE_DAYS, type AppProduct, type ProductCode, type SubsOrderInput, type SubsQuote } from '@wfsaas/contracts';
import { badRequest } from '../../platform/errors.ts';
import { addDays, addMonths } from '../../platform/china-date.ts';

/** Price and term of a price order, from the catalogue and the current subscription (docs/subscriptions.md#pricing). Pure. */

export type CurrentSubscription = { edition: string; seats: number; startDate: string; endDate: string };

export const productOf = (code: ProductCode): AppProduct => APP_PRODUCTS.find((p) => p.code === code)!;

/** Whole days from `from` to `to` (YYYY-MM-DD), negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** active until the end date, grace for SUBS_GRACE_DAYS after it (still usable), then expired (read-only). */
export function termState(endDate: string, today: string): 'active' | 'grace' | 'expired' {
  if (today <= endDate) return 'active';
  return daysBetween(endDate, today) <= SUBS_GRACE_DAYS ? 'grace' : 'expired';
}

const yuan = (d: Decimal) => d.toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);
const termEnd = (start: string, months: number) => addDays(addMonths(start, months), -1);

function editionOf(p: AppProduct, code: string | undefined) {
  if (!code) throw badRequest('版本：请选择版本');
  const e = p.editions.find((x) => x.code === code);
  if (!e) throw badRequest(`版本：「${code}」不是${p.name}的版本`);
  return e;
}

function seatsOf(p: AppProduct, seats: number | undefined): number {
  if (p.billing !== 'seatYear') return 0;
  if (seats === undefined) throw badRequest('人数：请填写人数');
  return seats;
}

function requireLive(p: AppProduct, cur: CurrentSubscription | null, today: string): CurrentSubscription {
  if (!cur) throw badRequest(`尚未订阅${p.name}，请先购买`);
  if (cur.endDate < today) throw badRequest(`${p.name}订阅已于${cur.endDate}到期，请先续费`);
  return cur;
}

/** The quote of an order; throws 400 with the field named when the order does not fit the subscription. */
export function quoteOrder(input: SubsOrderInput, cur: CurrentSubscription | null, today: string): SubsQuote {
  const p = productOf(input.product);
  if (p.billing === 'monthly') throw badRequest(`${p.name}按月结算，随月度结算账单收取，无需下单`);
  if (p.billing === 'pack' && input.action !== 'pack') throw badRequest(`${p.name}按套餐包购买，请选择套餐包`);
  if (p.billing !== 'pack' && input.action === 'pack') throw badRequest(`${p.name}不按套餐包销售`);
  const months = input.months ?? 12;
  const base = { product: p.code, productName: p.name, action: input.action } as const;
  const price = (seats: number, unit: string, m: number) => (p.billing === 'seatYear' ? new Decimal(seats).times(unit) : new Decimal(unit)).times(m).div(12);
  const unitLabel = (seats: number, unit: string) => (p.billing === 'seatYear' ? `${seats}人 × ${unit}${p.unit}` : `${unit}${p.unit}`);

  switch (input.action) {
    case 'new': {
      if (cur && termState(cur.endDate, today) !== 'expired') throw badRequest(`已订阅${p.name}（至${cur.endDate}），请选择续费、扩容或升级`);
      const e = editionOf(p, input.edition ?? (p.editions.length === 1 ? p.editions[0]!.code : undefined));
      const seats = seatsOf(p, input.seats);
      return { ...base, edition: e.code, editionName: e.name, seats, months, pack: null, startDate: today, endDate: termEnd(today, months), unitPrice: e.price, amount: yuan(price(seats, e.price, months)), formula: `${unitLabel(seats, e.price)} × ${months}/12` };
    }
    case 'renew': {
      if (!cur) throw badRequest(`尚未订阅${p.name}，请先购买`);
      const e = editionOf(p, cur.edition);
      const seats = p.billing === 'seatYear' ? (input.seats ?? cur.seats) : 0;
      const start = cur.endDate < today ? today : addDays(cur.endDate, 1);
      return { ...base, edition: e.code, editionName: e.name, seats, months, pack: null, startDate: start, endDate: termEnd(start, months), unitPrice: e.price, amount: yuan(price(seats, e.price, months)), formula: `${unitLabel(seats, e.price)} × ${months}/12` };
    }
    case 'expand': {
      if (p.billing !== 'seatYear') throw badRequest(`${p.name}不按人数计费，无需扩容`);
      const live = requireLive(p, cur, today);
      const e = editionOf(p, live.edition);
      const add = seatsOf(p, input.seats);
      if (live.seats + add > 100_000) throw badRequest('人数：扩容后的总人数不能超过100000');
      const days = daysBetween(today, live.endDate) + 1;
      return { ...base, edition: e.code, editionName: e.name, seats: add, months: null, pack: null, startDate: today, endDate: live.endDate, unitPrice: e.price, amount: yuan(new Decimal(add).times(e.price).times(days).div(365)), formula: `新增${add}人 × ${e.price}${p.unit} × 剩余${days}天/365` };
    }
    case 'upgrade': {
      const live = requireLive(p, cur, today);
      const from = editionOf(p, live.edition);
      const to = editionOf(p, input.edition);
      if (new Decimal(to.price).lte(from.price)) throw badRequest(`版本：当前已是${from.name}，只能升级到更高版本`);
      const days = daysBetween(today, live.endDate) + 1;
      const diff = new Decimal(to.price).minus(from.price);
      return { ...base, edition: to.code, editionName: to.name, seats: live.seats, months: null, pack: null, startDate: today, endDate: live.endDate, unitPrice: diff.toFixed(2), amount: yuan(new Decimal(live.seats).times(diff).times(days).div(365)), formula: `${live.seats}人 × 差价${diff.toFixed(2)}${p.unit}（${from.name}→${to.name}） × 剩余${days}天/365` };
    }
    case 'pack': {
      const e = editionOf(p, input.edition);
      const fresh = termEnd(today, 12);
      const end = cur && cur.endDate > fresh ? cur.endDate : fresh;
      return { ...base, edition: e.code, editionName: e.name, seats: 0, months: 12, pack: e.pack!, startDate: today, endDate: end, unitPrice: e.price, amount: yuan(new Decimal(e.price)), formula: `${e.name} ${e.price}${p.unit}` };
    }
  }
}
