import { describe, expect, it } from 'vitest';
import {
  agreementState,
  amountText,
  approvalTone,
  billStatusLabel,
  billStatusTone,
  clientKindLabel,
  custodyColumns,
  custodyOrdersOf,
  custodySummary,
  employerContributions,
  feeText,
  generateResultText,
  linesMatchTotal,
  listOf,
  maxDispatched,
  orderStatusTone,
  placementStatusTone,
  ratioBar,
  sumAmounts,
  vatLabel,
} from './os-format.ts';

const line = (wages: string, siEmployer: string, hfEmployer: string, serviceFee: string, vat: string, total: string) => ({ wages, siEmployer, hfEmployer, serviceFee, vat, total });

describe('outsourcing formats', () => {
  it('shows a plan fee per head with two places and a rate as a percent', () => {
    expect(feeText({ feeKind: 'perHead', feeAmount: '300', feeRate: null })).toBe('300.00元/人/月');
    expect(feeText({ feeKind: 'perHead', feeAmount: '1200.5', feeRate: null })).toBe('1,200.50元/人/月');
    expect(feeText({ feeKind: 'percent', feeAmount: null, feeRate: '0.08' })).toBe('8%');
    expect(feeText({ feeKind: 'percent', feeAmount: null, feeRate: '0.065' })).toBe('6.5%');
    expect(feeText({ feeKind: 'percent', feeAmount: '300', feeRate: null })).toBe('—');
    expect(amountText('12345.678')).toBe('12,345.68');
  });

  it('names VAT and client kinds', () => {
    expect(vatLabel('general')).toBe('一般计税 6%（全额）');
    expect(vatLabel('simplified')).toBe('简易计税 5%（差额）');
    expect(clientKindLabel(1)).toBe('劳务派遣');
    expect(clientKindLabel(3)).toBe('灵活用工');
  });

  it('warns of an agreement ending within 30 days and marks an expired one', () => {
    expect(agreementState(45)).toEqual({ text: '剩余45天', tone: 'normal' });
    expect(agreementState(30)).toEqual({ text: '剩余30天', tone: 'normal' });
    expect(agreementState(29)).toEqual({ text: '剩余29天', tone: 'warning' });
    expect(agreementState(0)).toEqual({ text: '今日到期', tone: 'warning' });
    expect(agreementState(-3)).toEqual({ text: '已到期3天', tone: 'error' });
  });

  it('draws the dispatch ratio against the 10 % limit', () => {
    expect(ratioBar({ ratio: '0.05', level: 'ok' })).toEqual({ percent: 50, text: '5%', color: '#1677ff' });
    expect(ratioBar({ ratio: '0.0933', level: 'warn' })).toEqual({ percent: 93.3, text: '9.33%', color: '#fa8c16' });
    expect(ratioBar({ ratio: '0.125', level: 'refuse' })).toEqual({ percent: 100, text: '12.5%', color: '#ff4d4f' });
  });

  it('allows at most one ninth of the own headcount as dispatched workers', () => {
    expect(maxDispatched(900)).toBe(100);
    expect(maxDispatched(95)).toBe(10);
    expect(maxDispatched(8)).toBe(0);
    expect(maxDispatched(0)).toBe(0);
  });

  it('gives statuses their labels and tones', () => {
    expect(billStatusLabel(2)).toBe('待确认');
    expect([1, 2, 3, 4, 5, 6, 12].map(billStatusTone)).toEqual(['processing', 'pending', 'warning', 'success', 'default', 'error', 'error']);
    expect([1, 2, 3, 4, 5].map(orderStatusTone)).toEqual(['pending', 'processing', 'processing', 'success', 'default']);
    expect([0, 1, 2, 3].map(approvalTone)).toEqual(['default', 'warning', 'success', 'error']);
    expect([1, 2, 3, 4].map(placementStatusTone)).toEqual(['pending', 'success', 'warning', 'default']);
  });

  it('adds bill lines in cents for the summary row', () => {
    const lines = [line('5000.10', '1000.05', '300', '300', '18', '6618.15'), line('4200.2', '840.03', '252', '300', '18', '5610.23')];
    expect(sumAmounts(lines)).toEqual(line('9200.30', '1840.08', '552.00', '600.00', '36.00', '12228.38'));
    expect(sumAmounts([{ ...lines[0]!, wages: null }]).wages).toBe('0.00');
    expect(sumAmounts([])).toEqual(line('0.00', '0.00', '0.00', '0.00', '0.00', '0.00'));
    expect(employerContributions({ siEmployer: '1000.05', hfEmployer: '300.1' })).toBe('1300.15');
    expect(linesMatchTotal('12228.38', lines)).toBe(true);
    expect(linesMatchTotal('12228.39', lines)).toBe(false);
  });

  it('says what 生成本月账单 did', () => {
    expect(generateResultText({ month: '2026-11', generated: 3, skipped: [] })).toBe('2026-11 已生成 3 张账单');
    expect(generateResultText({ month: '2026-11', generated: 1, skipped: [{}, {}] })).toBe('2026-11 已生成 1 张账单，2 个用工单位未生成');
  });

  it('reads list answers and the client work orders in either shape', () => {
    expect(listOf([1, 2])).toEqual([1, 2]);
    expect(listOf({ data: [3] })).toEqual([3]);
    expect(listOf(null)).toEqual([]);
    const order = { id: 1 };
    const dismissal = { id: 2 };
    expect(custodyOrdersOf({ orders: [order], dismissals: [dismissal] })).toEqual({ orders: [order], dismissals: [dismissal] });
    expect(custodyOrdersOf([order])).toEqual({ orders: [order], dismissals: [] });
    expect(custodyOrdersOf({ orders: { data: [order] } })).toEqual({ orders: [order], dismissals: [] });
    expect(custodyOrdersOf(undefined)).toEqual({ orders: [], dismissals: [] });
  });

  it('builds the client-side worker columns from the shared fields only', () => {
    expect(custodyColumns(['startDate', 'mobile'], false)).toEqual([
      { key: 'mobile', title: '手机号' },
      { key: 'startDate', title: '到岗日期' },
    ]);
    expect(custodyColumns([], true)).toEqual([{ key: 'pay', title: '薪资' }]);
    expect(custodySummary({ fields: ['mobile'], payVisible: false, approveOrders: true, approveDismissals: false, confirmBills: true })).toBe('可见字段 1 项，不可见薪资，补岗单需审批，账单需确认');
  });
});
