import { describe, expect, it } from 'vitest';
import { additionalDeductionBreakdown, monthlyAdditionalDeduction, type AdditionalDeductionInput } from './additional-deduction.ts';
import { PayrollInputError } from './errors.ts';
import { withholdSalaryTax } from './iit.ts';

describe('monthlyAdditionalDeduction — 2023+ standards (国发〔2023〕13号)', () => {
  it.each<[string, AdditionalDeductionInput, string]>([
    ['nothing declared', {}, '0.00'],
    ['one child, one parent deducts 100%', { childEducation: ['full'] }, '2000.00'],
    ['two children, 100% and 50%', { childEducation: ['full', 'half'] }, '3000.00'],
    ['no children listed', { childEducation: [] }, '0.00'],
    ['infant care, 100%', { infantCare: ['full'] }, '2000.00'],
    ['twins under 3, 50% each', { infantCare: ['half', 'half'] }, '2000.00'],
    ['elderly support, only child', { elderlySupport: { onlyChild: true } }, '3000.00'],
    ['elderly support, share of 1,500', { elderlySupport: { onlyChild: false, monthlyShare: '1500' } }, '1500.00'],
    ['elderly support, share of 1,000.50', { elderlySupport: { onlyChild: false, monthlyShare: '1000.50' } }, '1000.50'],
    ['academic continuing education', { continuingEducation: { academic: true } }, '400.00'],
    ['vocational certificate this month', { continuingEducation: { vocationalCertificate: true } }, '3600.00'],
    ['both kinds of continuing education', { continuingEducation: { academic: true, vocationalCertificate: true } }, '4000.00'],
    ['neither kind', { continuingEducation: { academic: false } }, '0.00'],
    ['mortgage interest, 100%', { mortgageInterest: 'full' }, '1000.00'],
    ['mortgage interest, 50% each of two pre-marriage loans', { mortgageInterest: 'half' }, '500.00'],
    ['rent, tier 1 city', { housingRent: 1 }, '1500.00'],
    ['rent, tier 2 city', { housingRent: 2 }, '1100.00'],
    ['rent, tier 3 city', { housingRent: 3 }, '800.00'],
  ])('%s → %s', (_label, input, expected) => {
    expect(monthlyAdditionalDeduction(input)).toBe(expected);
  });

  it('adds everything up and reports each category for the declaration', () => {
    // 2 × 2,000 + 1,000 + 3,000 + 400 + 1,500 = 9,900
    expect(
      additionalDeductionBreakdown({
        childEducation: ['full', 'full'],
        infantCare: ['half'],
        elderlySupport: { onlyChild: true },
        continuingEducation: { academic: true },
        housingRent: 1,
      }),
    ).toEqual({
      childEducation: '4000.00',
      infantCare: '1000.00',
      elderlySupport: '3000.00',
      continuingEducation: '400.00',
      mortgageInterest: '0.00',
      housingRent: '1500.00',
      total: '9900.00',
    });
  });

  it('feeds withholdSalaryTax', () => {
    // 20,000 − 5,000 − 3,000 (child 2,000 + mortgage 1,000) = 12,000 × 3% = 360
    const additionalDeduction = monthlyAdditionalDeduction({ childEducation: ['full'], mortgageInterest: 'full' });
    expect(withholdSalaryTax([{ month: 1, income: '20000', additionalDeduction }])[0].tax).toBe('360.00');
  });
});

describe('monthlyAdditionalDeduction — impossible combinations and bad input', () => {
  const error = (input: unknown): PayrollInputError => {
    try {
      monthlyAdditionalDeduction(input as AdditionalDeductionInput);
    } catch (caught) {
      if (caught instanceof PayrollInputError) return caught;
      throw caught;
    }
    throw new Error('expected a PayrollInputError');
  };

  it.each<[string, unknown, string, string]>([
    ['mortgage interest and rent together', { mortgageInterest: 'full', housingRent: 1 }, 'housingRent', '住房贷款利息和住房租金专项附加扣除不能同时享受'],
    [
      'an elderly-support share above 1,500',
      { elderlySupport: { onlyChild: false, monthlyShare: '1500.01' } },
      'elderlySupport.monthlyShare',
      '非独生子女与兄弟姐妹分摊每月3000元的赡养老人扣除额度，每人每月分摊不能超过1500元',
    ],
    [
      'an only child sharing elderly support',
      { elderlySupport: { onlyChild: true, monthlyShare: '1000' } },
      'elderlySupport.monthlyShare',
      '独生子女由本人按每月3000元扣除赡养老人支出，不能分摊',
    ],
    ['a non-only child without a share', { elderlySupport: { onlyChild: false } }, 'elderlySupport.monthlyShare', '赡养老人每月分摊额必须是不小于0的金额（数字，最多两位小数），收到：空'],
    ['elderly support without the only-child answer', { elderlySupport: {} }, 'elderlySupport.onlyChild', '赡养老人必须说明是否为独生子女'],
    ['an unknown child share', { childEducation: ['full', '30%'] }, 'childEducation[1]', '子女教育（第2个子女）的扣除比例只能是100%（full）或50%（half）'],
    ['children given as a number', { infantCare: 2 }, 'infantCare', '3岁以下婴幼儿照护必须按子女逐个列出扣除比例'],
    ['an unknown mortgage share', { mortgageInterest: 'quarter' }, 'mortgageInterest', '住房贷款利息的扣除比例只能是100%（full）或50%（half）'],
    ['an unknown city tier', { housingRent: 4 }, 'housingRent', '住房租金的城市类别只能是1（1500元）、2（1100元）或3（800元）'],
    ['a city tier given as text', { housingRent: '1' }, 'housingRent', '住房租金的城市类别只能是1（1500元）、2（1100元）或3（800元）'],
    ['continuing education flags that are not booleans', { continuingEducation: { academic: 'yes' } }, 'continuingEducation.academic', '学历（学位）继续教育必须是是/否（true或false）'],
    ['no object at all', null, 'input', '专项附加扣除信息必须是对象'],
  ])('%s', (_label, input, field, message) => {
    const caught = error(input);
    expect(caught.field).toBe(field);
    expect(caught.message).toBe(message);
  });
});
