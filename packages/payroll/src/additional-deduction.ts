import { formatMoney, parseMoney, PayrollDecimal, ZERO, type Dec } from './decimal.ts';
import { PayrollInputError } from './errors.ts';

/** 'full' = 100% of the standard to this taxpayer; 'half' = 50% each to both spouses/parents. */
export type DeductionShare = 'full' | 'half';

/**
 * 住房租金 city tier: 1 = 直辖市、省会（首府）城市、计划单列市及国务院确定的其他城市 (1,500);
 * 2 = other cities whose urban districts have more than 1 million registered residents (1,100);
 * 3 = cities with at most 1 million (800).
 */
export type RentCityTier = 1 | 2 | 3;

export type ElderlySupport = { onlyChild: true } | { onlyChild: false; monthlyShare: string };

/** One taxpayer's special additional deductions for one month (大病医疗 is annual-only and not here). */
export type AdditionalDeductionInput = {
  /** 子女教育: one entry per child from age 3 to doctoral study. */
  childEducation?: readonly DeductionShare[];
  /** 3岁以下婴幼儿照护: one entry per child under 3. */
  infantCare?: readonly DeductionShare[];
  /** 赡养老人: an only child deducts 3,000; otherwise the agreed share, at most 1,500. */
  elderlySupport?: ElderlySupport;
  continuingEducation?: {
    /** 学历（学位）继续教育 in progress this month: 400 a month (at most 48 months for one degree). */
    academic?: boolean;
    /** 职业资格继续教育: the 3,600 for the year the certificate was obtained, taken in this month. */
    vocationalCertificate?: boolean;
  };
  /** 首套住房贷款利息: 1,000 a month, or 500 each when spouses split two pre-marriage loans. */
  mortgageInterest?: DeductionShare;
  /** 住房租金 by the tier of the main city of work. Not together with mortgageInterest. */
  housingRent?: RentCityTier;
};

export type AdditionalDeductionBreakdown = {
  childEducation: string;
  infantCare: string;
  elderlySupport: string;
  continuingEducation: string;
  mortgageInterest: string;
  housingRent: string;
  total: string;
};

/**
 * The standards in force from 2023-01-01: 个人所得税专项附加扣除暂行办法（国发〔2018〕41号）,
 * 3岁以下婴幼儿照护专项附加扣除（国发〔2022〕8号）, raised by 国务院关于提高个人所得税有关专项附加扣除标准的通知
 * （国发〔2023〕13号）. Monthly amounts except vocationalCertificate (per year).
 */
export const ADDITIONAL_DEDUCTION_STANDARDS = {
  childEducationPerChild: '2000',
  infantCarePerChild: '2000',
  elderlySupportOnlyChild: '3000',
  elderlySupportMaxShare: '1500',
  continuingEducationAcademic: '400',
  continuingEducationVocationalPerYear: '3600',
  mortgageInterest: '1000',
  housingRent: { 1: '1500', 2: '1100', 3: '800' },
} as const;

const STANDARD = {
  child: new PayrollDecimal(ADDITIONAL_DEDUCTION_STANDARDS.childEducationPerChild),
  infant: new PayrollDecimal(ADDITIONAL_DEDUCTION_STANDARDS.infantCarePerChild),
  elderlyOnlyChild: new PayrollDecimal(ADDITIONAL_DEDUCTION_STANDARDS.elderlySupportOnlyChild),
  elderlyMaxShare: new PayrollDecimal(ADDITIONAL_DEDUCTION_STANDARDS.elderlySupportMaxShare),
  academic: new PayrollDecimal(ADDITIONAL_DEDUCTION_STANDARDS.continuingEducationAcademic),
  vocational: new PayrollDecimal(ADDITIONAL_DEDUCTION_STANDARDS.continuingEducationVocationalPerYear),
  mortgage: new PayrollDecimal(ADDITIONAL_DEDUCTION_STANDARDS.mortgageInterest),
};

function shareFactor(value: unknown, field: string, label: string): Dec {
  if (value === 'full') return new PayrollDecimal(1);
  if (value === 'half') return new PayrollDecimal('0.5');
  throw new PayrollInputError(field, `${label}的扣除比例只能是100%（full）或50%（half）`);
}

function perChild(list: unknown, standard: Dec, field: string, label: string): Dec {
  if (list === undefined) return ZERO;
  if (!Array.isArray(list)) throw new PayrollInputError(field, `${label}必须按子女逐个列出扣除比例`);
  return list.reduce<Dec>((sum, share, index) => sum.plus(standard.times(shareFactor(share, `${field}[${index}]`, `${label}（第${index + 1}个子女）`))), ZERO);
}

function optionalBoolean(value: unknown, field: string, label: string): boolean {
  if (value === undefined) return false;
  if (typeof value !== 'boolean') throw new PayrollInputError(field, `${label}必须是是/否（true或false）`);
  return value;
}

function elderlySupportAmount(value: unknown): Dec {
  if (value === undefined) return ZERO;
  if (typeof value !== 'object' || value === null) throw new PayrollInputError('elderlySupport', '赡养老人必须说明是否为独生子女');
  const record = value as Record<string, unknown>;
  if (record.onlyChild === true) {
    if (record.monthlyShare !== undefined) {
      throw new PayrollInputError('elderlySupport.monthlyShare', '独生子女由本人按每月3000元扣除赡养老人支出，不能分摊');
    }
    return STANDARD.elderlyOnlyChild;
  }
  if (record.onlyChild !== false) throw new PayrollInputError('elderlySupport.onlyChild', '赡养老人必须说明是否为独生子女');
  const share = parseMoney(record.monthlyShare, 'elderlySupport.monthlyShare', '赡养老人每月分摊额');
  if (share.greaterThan(STANDARD.elderlyMaxShare)) {
    throw new PayrollInputError('elderlySupport.monthlyShare', '非独生子女与兄弟姐妹分摊每月3000元的赡养老人扣除额度，每人每月分摊不能超过1500元');
  }
  return share;
}

/**
 * Each special additional deduction for the month and their total, as decimal strings with two
 * places (the per-category figures feed the withholding declaration's 累计子女教育 … columns).
 *
 * @throws PayrollInputError with a Chinese message for impossible combinations: mortgage interest
 *   together with rent, an only child sharing elderly support, a share above 1,500, an unknown share
 *   or city tier
 */
export function additionalDeductionBreakdown(input: AdditionalDeductionInput): AdditionalDeductionBreakdown {
  if (typeof input !== 'object' || input === null) throw new PayrollInputError('input', '专项附加扣除信息必须是对象');
  if (input.mortgageInterest !== undefined && input.housingRent !== undefined) {
    throw new PayrollInputError('housingRent', '住房贷款利息和住房租金专项附加扣除不能同时享受');
  }
  const childEducation = perChild(input.childEducation, STANDARD.child, 'childEducation', '子女教育');
  const infantCare = perChild(input.infantCare, STANDARD.infant, 'infantCare', '3岁以下婴幼儿照护');
  const elderlySupport = elderlySupportAmount(input.elderlySupport);

  let continuingEducation = ZERO;
  const education: unknown = input.continuingEducation;
  if (education !== undefined) {
    if (typeof education !== 'object' || education === null) throw new PayrollInputError('continuingEducation', '继续教育信息必须是对象');
    const record = education as Record<string, unknown>;
    if (optionalBoolean(record.academic, 'continuingEducation.academic', '学历（学位）继续教育')) continuingEducation = continuingEducation.plus(STANDARD.academic);
    if (optionalBoolean(record.vocationalCertificate, 'continuingEducation.vocationalCertificate', '职业资格继续教育')) {
      continuingEducation = continuingEducation.plus(STANDARD.vocational);
    }
  }

  const mortgageInterest =
    input.mortgageInterest === undefined ? ZERO : STANDARD.mortgage.times(shareFactor(input.mortgageInterest, 'mortgageInterest', '住房贷款利息'));

  let housingRent = ZERO;
  if (input.housingRent !== undefined) {
    const tier: unknown = input.housingRent;
    if (tier !== 1 && tier !== 2 && tier !== 3) throw new PayrollInputError('housingRent', '住房租金的城市类别只能是1（1500元）、2（1100元）或3（800元）');
    housingRent = new PayrollDecimal(ADDITIONAL_DEDUCTION_STANDARDS.housingRent[tier]);
  }

  const total = childEducation.plus(infantCare).plus(elderlySupport).plus(continuingEducation).plus(mortgageInterest).plus(housingRent);
  return {
    childEducation: formatMoney(childEducation),
    infantCare: formatMoney(infantCare),
    elderlySupport: formatMoney(elderlySupport),
    continuingEducation: formatMoney(continuingEducation),
    mortgageInterest: formatMoney(mortgageInterest),
    housingRent: formatMoney(housingRent),
    total: formatMoney(total),
  };
}

/**
 * The month's total special additional deduction (专项附加扣除合计) for SalaryMonth.additionalDeduction.
 * See additionalDeductionBreakdown for the rules and errors.
 */
export function monthlyAdditionalDeduction(input: AdditionalDeductionInput): string {
  return additionalDeductionBreakdown(input).total;
}
