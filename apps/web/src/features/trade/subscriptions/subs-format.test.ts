import { APP_PRODUCTS, type AppProductCard, type SubsUsageView } from '@wfsaas/contracts';
import { describe, expect, it } from 'vitest';
import { cardActions, orderDefaults, orderInput, stateLabel, usageBar } from './subs-format.ts';

const card = (code: string, sub: AppProductCard['subscription'] = null, pending: AppProductCard['pendingOrder'] = null): AppProductCard => ({ ...APP_PRODUCTS.find((p) => p.code === code)!, subscription: sub, pendingOrder: pending });
const live = { edition: 'basic', editionName: '基础版', seats: 100, startDate: '2026-01-01', endDate: '2026-12-31', daysLeft: 120, state: 'active' as const };
const usage: SubsUsageView = { roster: 130, signaturesBought: 500, signaturesUsed: 137, signaturesLeft: 363, smsThisMonth: 0, paidEmployeesThisMonth: 0 };

describe('cards', () => {
  it('offers the orders that fit the subscription', () => {
    expect(cardActions(card('hr'))).toEqual(['new']);
    expect(cardActions(card('hr', live))).toEqual(['renew', 'expand', 'upgrade']);
    expect(cardActions(card('hr', { ...live, edition: 'pro' }))).toEqual(['renew', 'expand']);
    expect(cardActions(card('hr', { ...live, state: 'grace' }))).toEqual(['renew']);
    expect(cardActions(card('hr', { ...live, state: 'expired' }))).toEqual(['renew', 'new']);
    expect(cardActions(card('econtract'))).toEqual(['pack']);
    expect(cardActions(card('siHosting'))).toEqual([]);
    expect(cardActions(card('hr', live, { id: 1, orderNo: 'DY2026110001', amount: '1.00', action: 'renew' }))).toEqual([]);
  });

  it('labels the term and draws usage against seats or the pack', () => {
    expect(stateLabel(null).text).toBe('未订阅');
    expect(stateLabel({ ...live, daysLeft: 12 })).toEqual({ text: '12天后到期', tone: 'warning' });
    expect(stateLabel({ ...live, state: 'expired' }).text).toBe('已到期（只读）');
    expect(usageBar(card('hr', live), usage)).toEqual({ label: '在册员工 / 购买人数', used: 130, of: 100, percent: 100 });
    expect(usageBar(card('econtract', { ...live, edition: 'pack' }), usage)).toMatchObject({ used: 137, of: 500, percent: 27 });
    expect(usageBar(card('econtract'), usage)).toBeNull();
  });
});

describe('order form', () => {
  it('starts from the roster and the current subscription', () => {
    expect(orderDefaults(card('hr'), 'new', 130)).toEqual({ edition: undefined, seats: 130, months: 12 });
    expect(orderDefaults(card('hr', live), 'expand', 130)).toEqual({ seats: 30 });
    expect(orderDefaults(card('hr', live), 'upgrade', 130)).toEqual({ edition: 'pro' });
    expect(orderDefaults(card('outsourcing'), 'new', 5)).toEqual({ edition: 'standard', seats: undefined, months: 12 });
  });

  it('sends only what the action needs, and nothing until it is complete', () => {
    expect(orderInput(card('hr'), 'new', { seats: 130, months: 24 })).toBeNull();
    expect(orderInput(card('hr'), 'new', { edition: 'pro', seats: 130, months: 24 })).toEqual({ product: 'hr', action: 'new', edition: 'pro', seats: 130, months: 24 });
    expect(orderInput(card('hr', live), 'expand', { seats: null })).toBeNull();
    expect(orderInput(card('hr', live), 'upgrade', { edition: 'pro', seats: 3 })).toEqual({ product: 'hr', action: 'upgrade', edition: 'pro' });
    expect(orderInput(card('econtract'), 'pack', { edition: 'pack100' })).toEqual({ product: 'econtract', action: 'pack', edition: 'pack100' });
    expect(orderInput(card('outsourcing', live), 'renew', { months: 12 })).toEqual({ product: 'outsourcing', action: 'renew', months: 12 });
  });
});
