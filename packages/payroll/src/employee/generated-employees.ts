import type { SalaryGroupConfig } from './group.ts';
import type { EmployeeCalcInput } from './month.ts';

/** Generated employee-months for the tests of the calculation: the same employees for a seed on every run. */

export const DEDUCTION_KINDS = ['childEducation', 'continuingEducation', 'housingLoanInterest', 'housingRent', 'elderlySupport', 'infantCare', 'personalPension'];

/** A small deterministic generator (the same employees on every run). */
export function generator(seed: number) {
  let s = seed;
  const next = () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
  const int = (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1));
  const pick = <T>(values: readonly T[]) => values[int(0, values.length - 1)]!;
  return { int, pick };
}

/** Employee-months of a group: imported figures, whole and part months, earlier months of the year, tax profiles and opening balances. */
export function employees(config: SalaryGroupConfig, count: number, seed: number): EmployeeCalcInput[] {
  const g = generator(seed);
  const money = () => `${g.int(0, 60_000)}${g.pick(['', '.5', `.${String(g.int(0, 99)).padStart(2, '0')}`, '.125', '.005'])}`;
  return Array.from({ length: count }, () => {
    const month = g.int(1, 12);
    const requiredDays = g.int(0, 29) === 0 ? 0 : g.pick([18, 21, 22, 23]);
    const inputs: Record<string, string> = {};
    for (const item of config.items) {
      if (item.type !== 1) continue;
      const kind = g.int(0, 9);
      if (kind === 0) continue; // not imported
      inputs[item.name] = kind === 1 ? '' : kind === 2 ? String(g.int(0, 23)) : kind === 3 ? `${g.int(0, 500)}.${g.int(0, 999)}` : String(g.int(0, 400));
    }
    const prior = Array.from({ length: g.int(0, 12) }, (_, i) => ({
      month: i + 1,
      income: g.pick(['0.00', `${g.int(0, 60_000)}.${String(g.int(0, 99)).padStart(2, '0')}`, `${g.int(5000, 90_000)}.00`, g.int(0, 29) === 0 ? money() : '10000.00']),
      taxFreeIncome: g.pick(['0.00', '100.00']),
      specialDeduction: g.pick(['0.00', '2300.00', `${g.int(0, 5000)}.${String(g.int(0, 99)).padStart(2, '0')}`]),
      additionalDeduction: g.pick(['0.00', '2000.00', '5000.00']),
      otherDeduction: g.pick(['0.00', '1000.00']),
    }));
    const deductions: Record<string, string> = {};
    for (const kind of DEDUCTION_KINDS) if (g.int(0, 3) === 0) deductions[kind] = g.pick(['0', '1000', '2000', '1500.5', '3000']);
    // Some employees continue from a previous system's figures (期初累计数据), some through a month the run does not follow.
    const through = g.int(1, 11);
    const opening =
      g.int(0, 3) === 0
        ? {
            throughMonth: through,
            income: `${g.int(0, 400_000)}.${String(g.int(0, 99)).padStart(2, '0')}`,
            taxFreeIncome: g.pick([undefined, '0.00', '350.50']),
            basicDeduction: `${5000 * g.int(1, through)}.00`,
            specialDeduction: g.pick([undefined, `${g.int(0, 30_000)}.25`]),
            additionalDeduction: g.pick([undefined, '12000.00']),
            otherDeduction: g.pick([undefined, '600.00']),
            taxRelief: g.pick([undefined, '0.00']),
            taxWithheld: `${g.int(0, 20_000)}.${String(g.int(0, 99)).padStart(2, '0')}`,
          }
        : null;
    return {
      opening,
      month,
      salary: g.int(0, 9) === 0 ? null : g.int(0, 29) === 0 ? money() : `${g.int(0, 60_000)}${g.pick(['', '.5', `.${String(g.int(0, 99)).padStart(2, '0')}`])}`,
      inputs,
      requiredDays,
      employedDays: g.int(0, 3) === 0 ? g.int(Math.min(1, requiredDays), requiredDays) : requiredDays,
      prior,
      profile: g.int(0, 4) === 0 ? null : { firstJobOfYear: g.int(0, 4) === 0, previousYearLowIncome: g.int(0, 4) === 0, deductions },
    };
  });
}


/**
 * employees() with more of what sends an employee from one path to the other: the month's pay from a
 * timeline (whole, or split with a note), imported fixed pay, negative and non-numeric imports, and
 * salaries far up the tax table.
 */
export function variedEmployees(config: SalaryGroupConfig, count: number, seed: number): EmployeeCalcInput[] {
  const g = generator(seed + 1);
  const salaryItems = config.items.filter((i) => i.type === 3).map((i) => i.name);
  const inputItems = config.items.filter((i) => i.type === 1).map((i) => i.name);
  return employees(config, count, seed).map((e) => {
    const inputs = { ...e.inputs };
    let salary = e.salary;
    if (g.int(0, 9) === 0) salary = `${g.int(100_000, 1_200_000)}.${String(g.int(0, 99)).padStart(2, '0')}`;
    const pay = g.int(0, 5);
    const fixedPay =
      pay === 0
        ? { amount: salary ?? '0', note: null }
        : pay === 1
          ? { amount: `${g.int(0, 30_000)}.${String(g.int(0, 999_999)).padStart(6, '0')}`, note: '月中调薪：固定工资按工作日分段折算' }
          : null;
    if (salaryItems.length > 0 && g.int(0, 7) === 0) inputs[g.pick(salaryItems)] = g.pick(['', '5000', `${g.int(0, 20_000)}.${g.int(0, 999)}`]);
    if (inputItems.length > 0 && g.int(0, 9) === 0) inputs[g.pick(inputItems)] = `-${g.int(1, 90_000)}`;
    if (inputItems.length > 0 && g.int(0, 49) === 0) inputs[g.pick(inputItems)] = g.pick(['x1', '1e3', '1.', ' 5']);
    return { ...e, salary, inputs, fixedPay };
  });
}
