import { zTaxProfileSave } from '@wfsaas/contracts';
import { describe, expect, it } from 'vitest';
import { checkTaxProfileForm, formToTaxProfileSave, monthlyDeductionTotal, profileToForm } from './tax-profile-edit.ts';

describe('tax profile form', () => {
  it('reads a profile and sends amounts as two-decimal text, leaving out empty and zero kinds', () => {
    const f = profileToForm({ employeeId: 3, name: '张三', year: 2026, firstJobOfYear: true, previousYearLowIncome: false, deductions: { childEducation: '2000.00', housingRent: '1500.00' } });
    expect(f.childEducation).toBe(2000);
    expect(f.infantCare).toBeNull();
    f.elderlySupport = 1500;
    f.housingRent = 0;
    const body = formToTaxProfileSave(f, 3, 2026);
    expect(body).toEqual({ employeeId: 3, year: 2026, firstJobOfYear: true, previousYearLowIncome: false, deductions: { childEducation: '2000.00', elderlySupport: '1500.00' } });
    expect(zTaxProfileSave.safeParse(body).success).toBe(true);
  });

  it('an employee without a profile starts empty', () => {
    const f = profileToForm(undefined);
    expect(formToTaxProfileSave(f, 9, 2026)).toEqual({ employeeId: 9, year: 2026, firstJobOfYear: false, previousYearLowIncome: false, deductions: {} });
  });

  it('checks the standards it can see', () => {
    const ok = { ...profileToForm(undefined), childEducation: 3000, infantCare: 2000, elderlySupport: 3000, housingLoanInterest: 1000, continuingEducation: 3600 };
    expect(checkTaxProfileForm(ok)).toEqual([]);
    expect(checkTaxProfileForm({ ...ok, childEducation: 2500, elderlySupport: 3500, housingRent: 800 })).toEqual([
      '子女教育应为每个子女2,000元或其50%（1,000元）的倍数',
      '赡养老人每月不超过3,000元',
      '住房贷款利息和住房租金不能同时扣除',
    ]);
  });

  it('adds up the monthly amounts on cents', () => {
    expect(monthlyDeductionTotal({ childEducation: '2000.00', elderlySupport: '1500.00', personalPension: '0.10' })).toBe('3500.10');
    expect(monthlyDeductionTotal({})).toBe('0.00');
  });
});
