// Social-insurance contributions of a base: in integer cents where exact, else scaled values.
import { DOWN, formatCents, HALF_UP, LIMIT_CENTS, parseCents, roundScaled, UP, upscale, type ModeCode } from '../scaled.ts';
import { calculateSocialInsurance, type CityPolicy, type ContributionLine, type ContributionTotals, type SocialInsuranceOptions, type SocialInsuranceResult } from '../social-insurance.ts';
import { type Fx, MAX_SCALE, type Mode, type Num, ZERO, add, cmp, format, isFx, mul, parseNum, round } from './num.ts';

type PreparedItem = { line: Omit<ContributionLine, 'base' | 'employer' | 'employee'>; floor: Fx; ceiling: Fx; employerRate: Fx; employeeRate: Fx; employerFixed: Fx; employeeFixed: Fx; places: number; mode: Mode; ownBase: string | undefined };

export const MONEY = /^\d+(\.\d{1,2})?$/;

/**
 * calculateSocialInsurance with the policy and options checked and parsed once: answers a function of
 * the base giving the same result. The policy and options are checked here (same errors as the engine).
 */
export function prepareSocialInsurance(policy: CityPolicy, options: SocialInsuranceOptions = {}): (base: string) => SocialInsuranceResult {
  const { calculate, items, exact, city } = prepareMixed(policy, options);
  const inCents = baseInCents(items, exact);
  if (inCents === null) return calculate;
  return (base) => {
    const c = inCents(base);
    if (c === null) return calculate(base);
    return {
      city,
      items: c.items,
      socialInsurance: centsTotals(c.siEmployer, c.siEmployee),
      housingFund: centsTotals(c.hfEmployer, c.hfEmployee),
      totals: centsTotals(c.siEmployer + c.hfEmployer, c.siEmployee + c.hfEmployee),
    };
  };
}

/** The contribution lines of a base with the four totals in integer cents (what a payroll calculation stores). */
export type ContributionCents = { items: ContributionLine[]; siEmployer: number; siEmployee: number; hfEmployer: number; hfEmployee: number };

/**
 * prepareSocialInsurance's lines and totals for the bases its integer path takes, with the totals as
 * integer cents instead of text and no combined totals; null for a policy or base it does not take
 * that way (the caller then uses prepareSocialInsurance, which answers or explains).
 */
export function prepareContributionCents(policy: CityPolicy, options: SocialInsuranceOptions = {}): ((base: string) => ContributionCents | null) | null {
  const { items, exact } = prepareMixed(policy, options);
  return baseInCents(items, exact);
}

/** The integer path of prepared items: a base's lines and totals in cents, or null for a base it does not take; null for items it cannot take exactly. */
function baseInCents(items: readonly PreparedItem[], exact: boolean): ((base: string) => ContributionCents | null) | null {
  const table = exact ? centsTable(items) : null;
  if (table === null) return null;
  const inCents = linesInCents(table);
  return (base) => {
    const given = typeof base === 'string' ? parseCents(base) : -1;
    return given < 0 || given > LIMIT_CENTS ? null : inCents(given);
  };
}

/** The lines and totals of a base given in integer cents, on the prepared items in cents. */
function linesInCents(table: readonly CentsItem[]): (given: number) => ContributionCents {
  return (given) => {
    const lines: ContributionLine[] = [];
    // Most lines take the base as given: its text is made once.
    let givenText: string | null = null;
    let siEr = 0;
    let siEe = 0;
    let hfEr = 0;
    let hfEe = 0;
    for (const t of table) {
      const own = t.ownBase >= 0 ? t.ownBase : given;
      const clamped = own < t.floor ? t.floor : own > t.ceiling ? t.ceiling : own;
      const employer = upscale(roundScaled(clamped * t.employerRate, t.employerScale, t.places, t.mode), 2 - t.places) + t.employerFixed;
      const employee = upscale(roundScaled(clamped * t.employeeRate, t.employeeScale, t.places, t.mode), 2 - t.places) + t.employeeFixed;
      const line = t.line;
      lines.push({
        key: line.key,
        name: line.name,
        employerRate: line.employerRate,
        employeeRate: line.employeeRate,
        base: clamped === t.floor ? t.floorText : clamped === t.ceiling ? t.ceilingText : clamped === given ? (givenText ??= formatCents(given)) : formatCents(clamped),
        employer: formatCents(employer),
        employee: formatCents(employee),
      });
      if (t.housingFund) {
        hfEr += employer;
        hfEe += employee;
      } else {
        siEr += employer;
        siEe += employee;
      }
    }
    return { items: lines, siEmployer: siEr, siEmployee: siEe, hfEmployer: hfEr, hfEmployee: hfEe };
  };
}

function centsTotals(employer: number, employee: number): ContributionTotals {
  return { employer: formatCents(employer), employee: formatCents(employee), total: formatCents(employer + employee) };
}

type CentsItem = {
  line: PreparedItem['line'];
  housingFund: boolean;
  floor: number;
  ceiling: number;
  floorText: string;
  ceilingText: string;
  employerRate: number;
  employerScale: number;
  employeeRate: number;
  employeeScale: number;
  employerFixed: number;
  employeeFixed: number;
  places: number;
  mode: ModeCode;
  ownBase: number;
};

const MODE_CODES = { halfUp: HALF_UP, up: UP, down: DOWN } as const;

/** The prepared items in integer cents, or null when some product could leave the safe integers. */
function centsTable(items: readonly PreparedItem[]): CentsItem[] | null {
  const cents = (v: Num) => (isFx(v) && v.s <= 2 ? upscale(v.n, 2 - v.s) : NaN);
  const out: CentsItem[] = [];
  for (const i of items) {
    const ownBase = i.ownBase === undefined ? -1 : parseCents(i.ownBase);
    if (i.ownBase !== undefined && ownBase < 0) return null;
    const floor = cents(i.floor);
    const ceiling = cents(i.ceiling);
    const employerFixed = cents(i.employerFixed);
    const employeeFixed = cents(i.employeeFixed);
    if (!isFx(i.employerRate) || !isFx(i.employeeRate)) return null;
    const t: CentsItem = {
      line: i.line,
      housingFund: i.line.key === 'housingFund',
      floor,
      ceiling,
      floorText: formatCents(floor),
      ceilingText: formatCents(ceiling),
      employerRate: i.employerRate.n,
      employerScale: 2 + i.employerRate.s,
      employeeRate: i.employeeRate.n,
      employeeScale: 2 + i.employeeRate.s,
      employerFixed,
      employeeFixed,
      places: i.places,
      mode: MODE_CODES[i.mode],
      ownBase,
    };
    const bounded = [floor, ceiling, employerFixed, employeeFixed].every((v) => v >= 0 && v <= 2 ** 40);
    if (!bounded || t.employerScale > MAX_SCALE || t.employeeScale > MAX_SCALE || ceiling * Math.max(t.employerRate, t.employeeRate) > 2 ** 52 || t.employerRate < 0 || t.employeeRate < 0) return null;
    out.push(t);
  }
  return out;
}

/** prepareSocialInsurance on scaled integers and Decimals mixed, for any base. */
function prepareMixed(policy: CityPolicy, options: SocialInsuranceOptions) {
  const probe = calculateSocialInsurance(policy, '0', options);
  const wanted = options.items;
  const items: PreparedItem[] = [];
  for (const item of policy.items) {
    if (wanted !== undefined && !wanted.includes(item.key)) continue;
    const probeLine = probe.items.find((l) => l.key === item.key)!;
    const n = (text: string) => parseNum(text) as Fx;
    items.push({
      line: { key: item.key, name: probeLine.name, employerRate: probeLine.employerRate, employeeRate: probeLine.employeeRate },
      floor: n(item.baseFloor),
      ceiling: n(item.baseCeiling),
      employerRate: n(probeLine.employerRate),
      employeeRate: n(probeLine.employeeRate),
      employerFixed: n(item.employerFixed ?? '0'),
      employeeFixed: n(item.employeeFixed ?? '0'),
      places: item.rounding.places,
      mode: item.rounding.mode,
      ownBase: options.bases?.[item.key],
    });
  }
  const exact = items.every((i) => [i.floor, i.ceiling, i.employerRate, i.employeeRate, i.employerFixed, i.employeeFixed].every((v) => v && isFx(v)));
  const calculate = (base: string): SocialInsuranceResult => {
    if (!exact || !MONEY.test(base) || items.some((i) => i.ownBase !== undefined && !MONEY.test(i.ownBase))) return calculateSocialInsurance(policy, base, options);
    const given = parseNum(base)!;
    const lines: ContributionLine[] = [];
    let siEr: Num = ZERO;
    let siEe: Num = ZERO;
    let hfEr: Num = ZERO;
    let hfEe: Num = ZERO;
    for (const i of items) {
      const own = i.ownBase === undefined ? given : parseNum(i.ownBase)!;
      const clamped = cmp(own, i.floor) < 0 ? i.floor : cmp(own, i.ceiling) > 0 ? i.ceiling : own;
      const employer = add(round(mul(clamped, i.employerRate), i.places, i.mode), i.employerFixed);
      const employee = add(round(mul(clamped, i.employeeRate), i.places, i.mode), i.employeeFixed);
      lines.push({ ...i.line, base: format(round(clamped, 2, 'halfUp'), 2), employer: format(round(employer, 2, 'halfUp'), 2), employee: format(round(employee, 2, 'halfUp'), 2) });
      if (i.line.key === 'housingFund') {
        hfEr = add(hfEr, employer);
        hfEe = add(hfEe, employee);
      } else {
        siEr = add(siEr, employer);
        siEe = add(siEe, employee);
      }
    }
    const totals = (er: Num, ee: Num) => ({ employer: format(round(er, 2, 'halfUp'), 2), employee: format(round(ee, 2, 'halfUp'), 2), total: format(round(add(er, ee), 2, 'halfUp'), 2) });
    return { city: probe.city, items: lines, socialInsurance: totals(siEr, siEe), housingFund: totals(hfEr, hfEe), totals: totals(add(siEr, hfEr), add(siEe, hfEe)) };
  };
  return { calculate, items, exact: exact && items.every((i) => i.ownBase === undefined || MONEY.test(i.ownBase)), city: probe.city };
}
