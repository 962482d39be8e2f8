import type { ContributionItemView, PolicySave, PolicyView } from '@wfsaas/contracts';

/** The six contribution kinds in their usual order, with their Chinese names. */
export const CONTRIBUTION_KINDS = [
  { key: 'pension', label: '养老保险' },
  { key: 'medical', label: '医疗保险' },
  { key: 'unemployment', label: '失业保险' },
  { key: 'injury', label: '工伤保险' },
  { key: 'maternity', label: '生育保险' },
  { key: 'housingFund', label: '住房公积金' },
] as const;
export type ContributionKey = ContributionItemView['key'];

export const ROUNDING_MODES = [
  { value: 'halfUp', label: '四舍五入' },
  { value: 'up', label: '向上取整' },
  { value: 'down', label: '舍去' },
] as const;
export const ROUNDING_PLACES = [
  { value: 0, label: '元' },
  { value: 1, label: '角' },
  { value: 2, label: '分' },
] as const;

export function roundingLabel(r: ContributionItemView['rounding']): string {
  const places = ROUNDING_PLACES.find((p) => p.value === r.places)?.label ?? '';
  const mode = r.mode === 'up' ? '向上取整' : r.mode === 'down' ? '舍去' : '四舍五入';
  return `保留到${places}，${mode}`;
}

/**
 * A rate as the API carries it ('0.16', '0.005') as a percentage without trailing zeros ('16', '0.5');
 * decimal text shifting, no floating point.
 */
export function rateToPercent(rate: string): string {
  const m = /^(\d+)(?:\.(\d+))?$/.exec(rate.trim());
  if (!m) return rate;
  const frac = (m[2] ?? '').padEnd(2, '0');
  const whole = `${m[1]}${frac.slice(0, 2)}`.replace(/^0+(?=\d)/, '');
  const rest = frac.slice(2).replace(/0+$/, '');
  return rest ? `${whole}.${rest}` : whole;
}

/**
 * A percentage as typed ('16', '0.5', '16.5') as the API rate ('0.16', '0.005', '0.165'); null when it
 * is not a number from 0 to 100 with at most four decimals.
 */
export function percentToRate(percent: string | number | null | undefined): string | null {
  if (percent === null || percent === undefined) return null;
  const m = /^(\d{1,3})(?:\.(\d{1,4}))?$/.exec(String(percent).trim());
  if (!m) return null;
  const whole = m[1]!.padStart(3, '0');
  const frac = m[2] ?? '';
  if (Number(whole) > 100 || (Number(whole) === 100 && /[1-9]/.test(frac))) return null;
  const digits = whole + frac;
  const point = whole.length - 2;
  const intPart = digits.slice(0, point).replace(/^0+(?=\d)/, '');
  const fracPart = digits.slice(point).replace(/0+$/, '');
  return fracPart ? `${intPart}.${fracPart}` : intPart;
}

/** A money amount from a number input as the API's two-decimal text; undefined when empty. */
export function moneyText(v: number | string | null | undefined): string | undefined {
  if (v === null || v === undefined || v === '') return undefined;
  const n = Number(v);
  if (!Number.isFinite(n) || n < 0) return undefined;
  return n.toFixed(2);
}

export type PolicyItemForm = {
  key: ContributionKey;
  name: string;
  baseFloor: number | null;
  baseCeiling: number | null;
  /** Percentages, e.g. 16 for 16%. */
  employerPercent: number | null;
  employeePercent: number | null;
  employerFixed: number | null;
  employeeFixed: number | null;
  places: 0 | 1 | 2;
  mode: 'halfUp' | 'up' | 'down';
  /** Kept as they are: the range, the item's source and note. */
  rest: Pick<ContributionItemView, 'rateRange' | 'source' | 'verified' | 'note'>;
};

export type PolicyForm = {
  city: string;
  effectiveFrom: string;
  effectiveTo: string | null;
  source: string;
  items: PolicyItemForm[];
};

const num = (v: string | undefined): number | null => (v === undefined || v === '' ? null : Number(v));

export function itemToForm(i: ContributionItemView): PolicyItemForm {
  return {
    key: i.key,
    name: i.name,
    baseFloor: num(i.baseFloor),
    baseCeiling: num(i.baseCeiling),
    employerPercent: Number(rateToPercent(i.employerRate)),
    employeePercent: Number(rateToPercent(i.employeeRate)),
    employerFixed: num(i.employerFixed),
    employeeFixed: num(i.employeeFixed),
    places: i.rounding.places,
    mode: i.rounding.mode,
    rest: { rateRange: i.rateRange, source: i.source, verified: i.verified, note: i.note },
  };
}

export function policyToForm(p: PolicyView): PolicyForm {
  return { city: p.city, effectiveFrom: p.effectiveFrom, effectiveTo: p.effectiveTo, source: p.source, items: p.items.map(itemToForm) };
}

export function newItemForm(key: ContributionKey): PolicyItemForm {
  return {
    key,
    name: CONTRIBUTION_KINDS.find((k) => k.key === key)?.label ?? key,
    baseFloor: null,
    baseCeiling: null,
    employerPercent: null,
    employeePercent: null,
    employerFixed: null,
    employeeFixed: null,
    places: 2,
    mode: 'halfUp',
    rest: { source: '', verified: false },
  };
}

/** A new city: the six kinds, figures to fill in. */
export function newPolicyForm(effectiveFrom: string): PolicyForm {
  return { city: '', effectiveFrom, effectiveTo: null, source: '', items: CONTRIBUTION_KINDS.map((k) => newItemForm(k.key)) };
}

/** The problems the form can see before asking the server, in Chinese; empty when there are none. */
export function checkPolicyForm(f: PolicyForm): string[] {
  const errors: string[] = [];
  if (!f.city.trim()) errors.push('请填写城市');
  if (!/^\d{4}-\d{2}-\d{2}$/.test(f.effectiveFrom)) errors.push('请选择生效日期');
  if (f.effectiveTo && f.effectiveTo < f.effectiveFrom) errors.push('失效日期不能早于生效日期');
  if (f.items.length === 0) errors.push('至少需要一个险种');
  const seen = new Set<string>();
  for (const i of f.items) {
    const n = i.name.trim() || i.key;
    if (seen.has(i.key)) errors.push(`${n}：险种重复`);
    seen.add(i.key);
    if (!i.name.trim()) errors.push(`${CONTRIBUTION_KINDS.find((k) => k.key === i.key)?.label ?? i.key}：请填写险种名称`);
    if (i.baseFloor === null || i.baseCeiling === null) errors.push(`${n}：请填写缴费基数下限和上限`);
    else if (i.baseFloor > i.baseCeiling) errors.push(`${n}：缴费基数下限不能高于上限`);
    for (const [label, p] of [
      ['单位比例', i.employerPercent],
      ['个人比例', i.employeePercent],
    ] as const) {
      if (p === null) errors.push(`${n}：请填写${label}`);
      else if (percentToRate(p) === null) errors.push(`${n}：${label}应在0%到100%之间，最多四位小数`);
    }
  }
  return errors;
}

/** The save body of a checked form; `id` when a company policy is changed in place. */
export function formToPolicySave(f: PolicyForm, id?: number): PolicySave {
  return {
    ...(id !== undefined ? { id } : {}),
    city: f.city.trim(),
    effectiveFrom: f.effectiveFrom,
    effectiveTo: f.effectiveTo || null,
    source: f.source.trim(),
    items: f.items.map((i) => {
      const employerFixed = moneyText(i.employerFixed);
      const employeeFixed = moneyText(i.employeeFixed);
      return {
        key: i.key,
        name: i.name.trim(),
        baseFloor: moneyText(i.baseFloor) ?? '0.00',
        baseCeiling: moneyText(i.baseCeiling) ?? '0.00',
        employerRate: percentToRate(i.employerPercent) ?? '0',
        employeeRate: percentToRate(i.employeePercent) ?? '0',
        ...(i.rest.rateRange ? { rateRange: i.rest.rateRange } : {}),
        ...(employerFixed && Number(employerFixed) > 0 ? { employerFixed } : {}),
        ...(employeeFixed && Number(employeeFixed) > 0 ? { employeeFixed } : {}),
        rounding: { places: i.places, mode: i.mode },
        source: i.rest.source ?? '',
        verified: i.rest.verified ?? false,
        ...(i.rest.note ? { note: i.rest.note } : {}),
      };
    }),
  };
}
