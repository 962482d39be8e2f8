import { PayrollDecimal } from '@wfsaas/payroll';
import { describe, expect, it } from 'vitest';
import { billLine, billTotals, feeText, vatText, type BillPlanTerms } from './bill-arithmetic.ts';

const perHeadSimplified: BillPlanTerms = { feeKind: 'perHead', feeAmount: '300', feeRate: null, vatKind: 'simplified' };
const percentGeneral: BillPlanTerms = { feeKind: 'percent', feeAmount: null, feeRate: '0.08', vatKind: 'general' };
const worker = { wages: '8000.00', siEmployer: '2000.00', hfEmployer: '800.00' };

describe('client bill arithmetic', () => {
  it('per head fee with the simplified 5 % on the fee', () => {
    // fee 300; VAT 300 × 5 % = 15; total 8000 + 2000 + 800 + 300 + 15
    expect(billLine(perHeadSimplified, worker)).toEqual({ wages: '8000.00', siEmployer: '2000.00', hfEmployer: '800.00', serviceFee: '300.00', vat: '15.00', total: '11115.00' });
  });

  it('percentage fee with the general 6 % on the whole amount', () => {
    // fee 10800 × 8 % = 864; VAT (10800 + 864) × 6 % = 699.84; total 11664 + 699.84
    expect(billLine(percentGeneral, worker)).toEqual({ wages: '8000.00', siEmployer: '2000.00', hfEmployer: '800.00', serviceFee: '864.00', vat: '699.84', total: '12363.84' });
  });

  it('per head fee with the general VAT, and a percentage fee with the simplified VAT', () => {
    expect(billLine({ ...perHeadSimplified, vatKind: 'general' }, worker)).toMatchObject({ serviceFee: '300.00', vat: '666.00', total: '11766.00' });
    expect(billLine({ ...percentGeneral, vatKind: 'simplified' }, worker)).toMatchObject({ serviceFee: '864.00', vat: '43.20', total: '11707.20' });
  });

  it('rounds half a cent up, on the fee and on the VAT', () => {
    // 100.10 × 5 % = 5.005 → 5.01 (a float would give 5.00)
    expect(billLine({ feeKind: 'perHead', feeAmount: '100.10', feeRate: null, vatKind: 'simplified' }, { wages: '0', siEmployer: '0', hfEmployer: '0' })).toMatchObject({ serviceFee: '100.10', vat: '5.01', total: '105.11' });
    // 1000.25 × 8 % = 80.02 exactly; 0.5 × 1 % = 0.005 → 0.01
    expect(billLine({ feeKind: 'percent', feeAmount: null, feeRate: '0.01', vatKind: 'simplified' }, { wages: '0.50', siEmployer: '0', hfEmployer: '0' })).toMatchObject({ serviceFee: '0.01', vat: '0.00', total: '0.51' });
    // 1.05 % of 1000 = 10.5; 6 % of 1010.50 = 60.63
    expect(billLine({ feeKind: 'percent', feeAmount: null, feeRate: '0.0105', vatKind: 'general' }, { wages: '1000', siEmployer: '0', hfEmployer: '0' })).toMatchObject({ serviceFee: '10.50', vat: '60.63', total: '1071.13' });
  });

  it('a zero-wage line still carries the per head fee, and nothing under a percentage', () => {
    expect(billLine(perHeadSimplified, { wages: '0', siEmployer: '0', hfEmployer: '0' })).toEqual({ wages: '0.00', siEmployer: '0.00', hfEmployer: '0.00', serviceFee: '300.00', vat: '15.00', total: '315.00' });
    expect(billLine(percentGeneral, { wages: '0', siEmployer: '0', hfEmployer: '0' })).toMatchObject({ serviceFee: '0.00', vat: '0.00', total: '0.00' });
  });

  it('a 1,000-line bill: every total is the sum of its column, and the bill total the sum of its parts', () => {
    const lines = Array.from({ length: 1000 }, (_, i) =>
      billLine(i % 2 ? percentGeneral : perHeadSimplified, { wages: `${3000 + ((i * 7919) % 9000)}.${String((i * 37) % 100).padStart(2, '0')}`, siEmployer: `${(i * 131) % 2600}.33`, hfEmployer: `${(i * 17) % 900}.05` }),
    );
    const totals = billTotals(lines);
    for (const key of ['wages', 'siEmployer', 'hfEmployer', 'serviceFee', 'vat', 'total'] as const) {
      const cents = lines.reduce((a, l) => a + BigInt(l[key].replace('.', '')), 0n);
      expect(totals[key].replace('.', ''), key).toBe(String(cents));
    }
    const parts = ['wages', 'siEmployer', 'hfEmployer', 'serviceFee', 'vat'] as const;
    expect(parts.reduce((a, k) => a.plus(totals[k]), new PayrollDecimal(0)).toFixed(2)).toBe(totals.total);
  });

  it('keeps the fee and VAT wording', () => {
    expect(feeText(perHeadSimplified)).toBe('按人头：每人每月 300.00 元');
    expect(feeText(percentGeneral)).toBe('按比例：8% ×（工资＋单位社保＋单位公积金）');
    expect(vatText(percentGeneral)).toBe('一般计税 6%（全额）');
  });
});
