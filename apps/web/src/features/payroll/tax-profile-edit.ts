import { DEDUCTION_KINDS, type DeductionKind, type TaxProfileSave, type TaxProfileView } from '@wfsaas/contracts';
import { addMoney } from './payroll-format.ts';
import { moneyText } from './policy-edit.ts';

/** Monthly standards of the special additional deductions (国发〔2023〕13号) and the personal pension. */
export const DEDUCTION_HINTS: Record<DeductionKind, string> = {
  childEducation: '每个子女每月2,000元；父母各扣50%时每人每个子女1,000元',
  continuingEducation: '学历（学位）继续教育每月400元；职业资格继续教育取得证书当年3,600元',
  housingLoanInterest: '首套住房贷款利息每月1,000元；与住房租金不能同时扣除',
  housingRent: '直辖市、省会等城市每月1,500元，市辖区户籍人口超过100万的城市1,100元，其他城市800元',
  elderlySupport: '独生子女每月3,000元；非独生子女分摊，每人每月不超过1,500元',
  infantCare: '3岁以下婴幼儿每个每月2,000元；父母各扣50%时每人1,000元',
  personalPension: '个人养老金缴费，每年不超过12,000元',
};

/** Choices for the kinds with fixed standards; the others are typed. */
export const HOUSING_RENT_OPTIONS = [
  { value: 1500, label: '1,500元（直辖市、省会、计划单列市等）' },
  { value: 1100, label: '1,100元（市辖区户籍人口超过100万）' },
  { value: 800, label: '800元（其他城市）' },
] as const;
export const HOUSING_LOAN_OPTIONS = [{ value: 1000, label: '1,000元（首套住房贷款）' }] as const;
export const CONTINUING_EDUCATION_OPTIONS = [
  { value: 400, label: '400元（学历继续教育）' },
  { value: 3600, label: '3,600元（职业资格证书当年）' },
  { value: 4000, label: '4,000元（两项同时）' },
] as const;

export type TaxProfileForm = {
  firstJobOfYear: boolean;
  previousYearLowIncome: boolean;
} & Partial<Record<DeductionKind, number | null>>;

export function profileToForm(p: TaxProfileView | undefined): TaxProfileForm {
  const f: TaxProfileForm = { firstJobOfYear: p?.firstJobOfYear ?? false, previousYearLowIncome: p?.previousYearLowIncome ?? false };
  for (const k of DEDUCTION_KINDS) {
    const v = p?.deductions[k.key];
    f[k.key] = v === undefined || v === '' ? null : Number(v);
  }
  return f;
}

/** Problems the form can see before asking the server, in Chinese. */
export function checkTaxProfileForm(f: TaxProfileForm): string[] {
  const errors: string[] = [];
  const v = (k: DeductionKind) => f[k] ?? 0;
  for (const k of DEDUCTION_KINDS) if (v(k.key) < 0) errors.push(`${k.label}不能小于0`);
  if (v('childEducation') % 1000 !== 0) errors.push('子女教育应为每个子女2,000元或其50%（1,000元）的倍数');
  if (v('infantCare') % 1000 !== 0) errors.push('3岁以下婴幼儿照护应为每个2,000元或其50%（1,000元）的倍数');
  if (v('elderlySupport') > 3000) errors.push('赡养老人每月不超过3,000元');
  if (v('housingLoanInterest') > 0 && v('housingRent') > 0) errors.push('住房贷款利息和住房租金不能同时扣除');
  if (v('housingLoanInterest') > 1000) errors.push('住房贷款利息每月不超过1,000元');
  if (v('housingRent') > 1500) errors.push('住房租金每月不超过1,500元');
  return errors;
}

/** The save body: amounts as two-decimal text, zero and empty kinds left out. */
export function formToTaxProfileSave(f: TaxProfileForm, employeeId: number, year: number): TaxProfileSave {
  const deductions: TaxProfileSave['deductions'] = {};
  for (const k of DEDUCTION_KINDS) {
    const t = moneyText(f[k.key]);
    if (t !== undefined && Number(t) > 0) deductions[k.key] = t;
  }
  return { employeeId, year, firstJobOfYear: f.firstJobOfYear, previousYearLowIncome: f.previousYearLowIncome, deductions };
}

/** The monthly total of a profile's deductions. */
export function monthlyDeductionTotal(d: Partial<Record<DeductionKind, string>>): string {
  return Object.values(d).reduce<string>((sum, v) => (v ? addMoney(sum, v) : sum), '0.00');
}
