import { addMoney, formatCents, prepareContributionCents, prepareSocialInsurance, textCents } from '../fast.ts';
import type { CityPolicy, ContributionItemKey, ContributionLine, RateOverride, SocialInsuranceOptions, SocialInsuranceResult } from '../social-insurance.ts';

/** The social-insurance step, computed once per distinct base within a run (the result depends only on it). */
export type ContributionCalculator = (base: string) => EmployeeContributions;

/** A base's contribution lines and the totals an employee-month reads. */
export type EmployeeContributions = {
  lines: ContributionLine[];
  siEmployee: string;
  siEmployer: string;
  hfEmployee: string;
  hfEmployer: string;
  /** Social insurance plus housing fund of the employee. */
  contributionEmployee: string;
  /** siEmployee, siEmployer, hfEmployee, hfEmployer and contributionEmployee in integer cents (NaN where one is not exact in cents). */
  cents: readonly number[];
};

/** Bases whose contributions are kept, few on purpose: many kept results make young-generation collections dearer (bench/README.md, `payroll`). */
const CONTRIBUTION_CACHE = 64;

/** The contributions of a city's policy (none without one) at the group's housing-fund rate, kept per base. */
export function contributionCalculator(policy: CityPolicy | null, hfRate: string | undefined): ContributionCalculator {
  const options: SocialInsuranceOptions = hfRate && policy?.items.some((i) => i.key === 'housingFund') ? { rates: { housingFund: { employer: hfRate, employee: hfRate } } } : {};
  return calculatorWith(policy, options);
}

/** Contributions of one person at a social-insurance entity: the social insurance on one base, the housing fund on its own. */
export type InsuredContributionCalculator = (siBase: string, hfBase: string) => EmployeeContributions;

/**
 * The contributions of a city's policy for people insured at an entity (参保信息): the entity's
 * housing-fund rate and work-injury rate, the social-insurance items on the person's 社保基数 and
 * the housing fund on their 公积金基数. Each part is kept per base like contributionCalculator's.
 */
export function insuredContributionCalculator(policy: CityPolicy, settings: { hfRate: string | null; injuryRate: string | null }): InsuredContributionCalculator {
  const keys = policy.items.map((i) => i.key);
  const rates: Partial<Record<ContributionItemKey, RateOverride>> = {};
  if (settings.hfRate !== null && keys.includes('housingFund')) rates.housingFund = { employer: settings.hfRate, employee: settings.hfRate };
  if (settings.injuryRate !== null && keys.includes('injury')) rates.injury = { employer: settings.injuryRate };
  const si = calculatorWith(policy, { rates, items: keys.filter((k) => k !== 'housingFund') });
  if (!keys.includes('housingFund')) return (siBase) => si(siBase);
  const hf = calculatorWith(policy, { rates, items: ['housingFund'] });
  return (siBase, hfBase) => joinContributions(si(siBase), hf(hfBase));
}

/** The social-insurance part and the housing-fund part of one person's contributions as one. */
function joinContributions(si: EmployeeContributions, hf: EmployeeContributions): EmployeeContributions {
  const employee = si.cents[0]! + hf.cents[2]!;
  return {
    lines: [...si.lines, ...hf.lines],
    siEmployee: si.siEmployee,
    siEmployer: si.siEmployer,
    hfEmployee: hf.hfEmployee,
    hfEmployer: hf.hfEmployer,
    contributionEmployee: employee === employee ? formatCents(employee) : addMoney(si.siEmployee, hf.hfEmployee),
    cents: [si.cents[0]!, si.cents[1]!, hf.cents[2]!, hf.cents[3]!, employee],
  };
}

/** No contributions (no policy, or nobody insured). */
export const NO_CONTRIBUTIONS: EmployeeContributions = Object.freeze({ lines: [], siEmployee: '0.00', siEmployer: '0.00', hfEmployee: '0.00', hfEmployer: '0.00', contributionEmployee: '0.00', cents: [0, 0, 0, 0, 0] });

function calculatorWith(policy: CityPolicy | null, options: SocialInsuranceOptions): ContributionCalculator {
  const cache = new Map<string, EmployeeContributions>();
  let calculate: ((base: string) => SocialInsuranceResult) | null = null;
  // The lines and totals in integer cents where the policy and base allow (no text totals parsed back).
  const inCents = policy ? prepareContributionCents(policy, options) : null;
  return (base) => {
    const known = cache.get(base);
    if (known) return known;
    let out: EmployeeContributions;
    const c = inCents?.(base) ?? null;
    if (!policy) out = NO_CONTRIBUTIONS;
    else if (c !== null) {
      const employee = c.siEmployee + c.hfEmployee;
      out = {
        lines: c.items,
        siEmployee: formatCents(c.siEmployee),
        siEmployer: formatCents(c.siEmployer),
        hfEmployee: formatCents(c.hfEmployee),
        hfEmployer: formatCents(c.hfEmployer),
        contributionEmployee: formatCents(employee),
        cents: [c.siEmployee, c.siEmployer, c.hfEmployee, c.hfEmployer, employee],
      };
    } else {
      calculate ??= prepareSocialInsurance(policy, options);
      const r = calculate(base);
      const siEmployee = r.socialInsurance.employee;
      const siEmployer = r.socialInsurance.employer;
      const hfEmployee = r.housingFund.employee;
      const hfEmployer = r.housingFund.employer;
      const contributionEmployee = addMoney(siEmployee, hfEmployee);
      out = { lines: r.items, siEmployee, siEmployer, hfEmployee, hfEmployer, contributionEmployee, cents: [siEmployee, siEmployer, hfEmployee, hfEmployer, contributionEmployee].map(textCents) };
    }
    // A base that repeats (a fixed base, a common salary) is found again; the cache is kept small so
    // that a run of distinct bases does not keep every result alive (which costs the garbage
    // collector more than computing them again).
    if (cache.size >= CONTRIBUTION_CACHE) cache.clear();
    cache.set(base, out);
    return out;
  };
}
