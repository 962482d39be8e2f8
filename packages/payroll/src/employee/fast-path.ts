import { formatCents, setSlotText, slotCents, slotText, textCents, withholdMonthCents } from '../fast.ts';
import type { SalaryMonth, WithholdingOptions } from '../iit.ts';
import { labourRemunerationTax } from '../labour.ts';
import type { ContributionCalculator, EmployeeContributions } from './contributions.ts';
import { ROUNDED_LIMIT, type CompiledGroup, type FastGroup, type PreparedGroup } from './group.ts';
import { employeeResult, openingFor, profileDeductions, WITHHOLDING_OPTIONS, type EmployeeCalcInput, type EmployeeCalcResult, type EmployeeTaxDetail, type ProfileDeductions } from './month.ts';

/**
 * The fast path: the employee-month on scaled integers, one slot per item (see FastGroup). It gives
 * the exact path's result, or null when some value or step is not one it takes (a prorated or split
 * salary, an imported salary item, a value that is not a plain number or not exact as a scaled
 * integer, a month the integer withholding does not take); the exact path then answers.
 */
export function calculateEmployeeFast(group: CompiledGroup, contributions: ContributionCalculator, input: EmployeeCalcInput): EmployeeCalcResult | null {
  const plan = group.prepared;
  const f = plan.fast;
  if (f === null || plan.template === null) return null;
  const requiredDays = input.requiredDays;
  const employedDays = input.employedDays;
  const fixedPay = input.fixedPay ?? null;
  if ((fixedPay === null && !(employedDays >= requiredDays)) || (fixedPay !== null && fixedPay.note !== null) || !Number.isSafeInteger(requiredDays) || !Number.isSafeInteger(employedDays)) return null;
  const { values, scales, texts } = f;
  if (!readInputs(f, input.inputs)) return null;
  const salary = input.salary;
  if (!readSalary(plan, f, input.inputs, fixedPay === null ? salary : fixedPay.amount)) return null;
  const own = input.contributions;
  const si = own !== undefined && own !== null ? own : contributions(plan.siBaseRule === 'fixed' ? plan.fixedBase : plan.siBaseRule === 'salary' ? (salary ?? '0') : '0');
  if (!readSystem(f, si, requiredDays, employedDays)) return null;

  if (!f.before.run(texts)) return null;
  const grossCents = slotCents(values, scales, f.grossSlot);
  if (grossCents !== grossCents) return null;
  const gross = formatCents(grossCents);

  const taxRule = plan.taxRule;
  const deductions = profileDeductions(input.profile);
  let tax = '0.00';
  let taxCents = 0;
  let cumulative: EmployeeTaxDetail['cumulative'] = null;
  const taxable = grossCents < 0 ? '0.00' : gross;
  if (taxRule === 1) {
    const w = wageTax(input, grossCents < 0 ? 0 : grossCents, si.cents[4]!, deductions);
    if (w === null) return null;
    tax = w.tax;
    taxCents = w.taxCents;
    cumulative = w.cumulative;
  } else if (taxRule === 2) {
    tax = labourRemunerationTax(taxable);
    taxCents = textCents(tax);
    if (taxCents !== taxCents) return null;
  }
  const taxSlot = f.taxSlot;
  if (taxSlot >= 0) {
    values[taxSlot] = taxCents;
    scales[taxSlot] = 2;
    texts[taxSlot] = tax;
  }
  if (f.after !== null && !f.after.run(texts)) return null;

  const netCents = f.netIsInput ? textCents(texts[f.netSlot]!) : slotCents(values, scales, f.netSlot);
  if (netCents !== netCents) return null;
  const net = formatCents(netCents);
  const warnings: string[] = [];
  if (netCents < 0) warnings.push(`实发工资为负数（${net}）`);
  const record: Record<string, string> = { ...plan.template };
  const names = f.names;
  for (let i = 0; i < names.length; i += 1) record[names[i]!] = texts[i]!;
  return employeeResult(record, gross, net, si, taxable, taxRule === 1, deductions, tax, cumulative, warnings);
}

/** The input items' slots, each value rounded to its item's decimals; false when one is not taken. */
function readInputs(f: FastGroup, inputs: Readonly<Record<string, string>>): boolean {
  const { values, scales, texts } = f;
  const inputItems = f.inputs;
  for (let i = 0; i < inputItems.length; i += 1) {
    const item = inputItems[i]!;
    const raw = inputs[item.name];
    const v = raw === undefined || raw === '' ? '0' : raw;
    // An imported figure seen before (they repeat across employees) is not parsed or rounded again.
    const known = item.parsed.get(v);
    if (known !== undefined) {
      values[i] = known.n;
      scales[i] = known.s;
      texts[i] = known.text;
      continue;
    }
    if (!setSlotText(values, scales, i, v)) return false;
    const text = slotText(values, scales, i, item.decimals);
    if (text === null) return false;
    if (item.parsed.size < ROUNDED_LIMIT) item.parsed.set(v, { n: values[i]!, s: scales[i]!, text });
    texts[i] = text;
  }
  return true;
}

/** The fixed pay items' slots from the month's pay; false when one is not taken or is imported. */
function readSalary(plan: PreparedGroup, f: FastGroup, inputs: Readonly<Record<string, string>>, pay: string | null): boolean {
  const { values, scales, texts } = f;
  const salarySlots = f.salarySlots;
  for (let i = 0; i < salarySlots.length; i += 1) {
    const slot = salarySlots[i]!;
    // an imported figure for a salary item overrides the record's pay: the exact path says so
    if (inputs[plan.salaryItems[i]!.name] !== undefined) return false;
    if (!setSlotText(values, scales, slot, pay === null ? '0' : pay)) return false;
    const d = f.salaryDecimals[i]!;
    const text = slotText(values, scales, slot, d);
    if (text === null) return false;
    // The formulas see the rounded figure.
    if (scales[slot]! > d) setSlotText(values, scales, slot, text);
    texts[slot] = text;
  }
  return true;
}

/** The system items' slots other than the tax: days and contributions; false when a contribution is not exact in cents. */
function readSystem(f: FastGroup, si: EmployeeContributions, requiredDays: number, employedDays: number): boolean {
  const { values, scales, texts } = f;
  const cents = si.cents;
  const systemSlots = f.systemSlots;
  for (let i = 0; i < systemSlots.length; i += 1) {
    const slot = systemSlots[i]!;
    const code = f.systemCodes[i]!;
    if (code <= 1) {
      const days = code === 0 ? requiredDays : employedDays;
      values[slot] = days;
      scales[slot] = 0;
      texts[slot] = String(days);
    } else {
      const c = cents[code === 2 ? 0 : code === 4 ? 1 : code === 3 ? 2 : code === 5 ? 3 : 4]!;
      if (c !== c) return false;
      values[slot] = c;
      scales[slot] = 2;
      texts[slot] = code === 2 ? si.siEmployee : code === 3 ? si.hfEmployee : code === 4 ? si.siEmployer : code === 5 ? si.hfEmployer : si.contributionEmployee;
    }
  }
  return true;
}

type WageTax = { tax: string; taxCents: number; cumulative: NonNullable<EmployeeTaxDetail['cumulative']> };

/** The month's cumulative withholding in integer cents, with the year's sums; null for a month it does not take. */
function wageTax(input: EmployeeCalcInput, taxableCents: number, specialCents: number, d: ProfileDeductions): WageTax | null {
  const firstJobOfYear = input.profile?.firstJobOfYear ?? false;
  const previousYearLowIncome = input.profile?.previousYearLowIncome ?? false;
  if (typeof firstJobOfYear !== 'boolean' || typeof previousYearLowIncome !== 'boolean') return null;
  const opening = openingFor(input);
  let prior = input.prior;
  // A month with a tax relief is copied without it by the exact path.
  for (let i = 0; i < prior.length; i += 1) {
    const m = prior[i];
    if (typeof m !== 'object' || m === null || (m as SalaryMonth).taxRelief !== undefined) return null;
  }
  const flags = WITHHOLDING_OPTIONS[(firstJobOfYear ? 1 : 0) + (previousYearLowIncome ? 2 : 0)]!;
  let options: WithholdingOptions = flags;
  if (opening !== null) {
    prior = prior.filter((m) => m.month > opening.throughMonth);
    options = { ...flags, opening };
  }
  const w = withholdMonthCents(prior, input.month, taxableCents, 0, specialCents, textCents(d.additional), textCents(d.other), options);
  if (w === null) return null;
  const cumulative: WageTax['cumulative'] = {
    months: w.months,
    income: w.income,
    taxFreeIncome: w.taxFreeIncome,
    basicDeduction: w.basicDeduction,
    specialDeduction: w.specialDeduction,
    additionalDeduction: w.additionalDeduction,
    otherDeduction: w.otherDeduction,
    taxableIncome: w.cumulativeTaxableIncome,
    rate: w.rate,
    quickDeduction: w.quickDeduction,
    tax: w.cumulativeTax,
    withheldBefore: w.withheldBefore,
  };
  if (opening) cumulative.openingThroughMonth = opening.throughMonth;
  return { tax: w.tax, taxCents: w.taxCents, cumulative };
}
