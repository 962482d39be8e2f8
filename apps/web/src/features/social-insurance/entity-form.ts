import type { EntitySave, EntityView } from '@wfsaas/contracts';

/**
 * Rates travel as decimals ('0.07'); people type percentages (7). The shift is done on the digits, so
 * no float rounding shows ('0.004' ↔ '0.4').
 */
export function rateToPercent(rate: string | null | undefined): string {
  if (!rate) return '';
  const m = /^(\d+)(?:\.(\d+))?$/.exec(rate.trim());
  if (!m) return '';
  const frac = (m[2] ?? '').padEnd(2, '0');
  const whole = `${m[1]}${frac.slice(0, 2)}`.replace(/^0+(?=\d)/, '');
  const rest = frac.slice(2).replace(/0+$/, '');
  return rest ? `${whole}.${rest}` : whole;
}

/** '7' → '0.07', '0.4' → '0.004', '' → null; null as well for what is not a percentage of 0–100. */
export function percentToRate(percent: string | number | null | undefined): string | null {
  if (percent === null || percent === undefined) return null;
  const text = String(percent).trim();
  const m = /^(\d+)(?:\.(\d+))?$/.exec(text);
  if (!m) return null;
  const whole = m[1]!.replace(/^0+(?=\d)/, '');
  const frac = m[2] ?? '';
  const padded = whole.padStart(3, '0');
  const intPart = padded.slice(0, -2).replace(/^0+(?=\d)/, '');
  const digits = `${padded.slice(-2)}${frac}`.replace(/0+$/, '');
  const rate = digits ? `${intPart}.${digits}` : intPart;
  if (Number(rate) > 1) return null;
  return rate;
}

/** A percentage field's check: empty is allowed when optional; a number within [min, max]. */
export function percentError(value: string | number | null | undefined, opts: { label: string; required?: boolean; min?: string | null; max?: string | null }): string | null {
  const text = value === null || value === undefined ? '' : String(value).trim();
  if (!text) return opts.required ? `请输入${opts.label}` : null;
  const rate = percentToRate(text);
  if (rate === null) return `${opts.label}应为0到100之间的数`;
  if (rate.split('.')[1] && rate.split('.')[1]!.length > 6) return `${opts.label}最多保留4位小数`;
  const n = Number(rate);
  if (opts.min && n < Number(opts.min)) return `${opts.label}不能低于${rateToPercent(opts.min)}%`;
  if (opts.max && n > Number(opts.max)) return `${opts.label}不能高于${rateToPercent(opts.max)}%`;
  return null;
}

/** The entity form: the save body with the rates as percentages. */
export type EntityValues = Omit<EntitySave, 'id' | 'injuryRate' | 'hfRate'> & { injuryPercent: string; hfPercent: string };

export function entityValues(e: EntityView | null): EntityValues {
  return {
    name: e?.name ?? '',
    city: e?.city ?? '',
    siAccountNo: e?.siAccountNo ?? '',
    hfAccountNo: e?.hfAccountNo ?? '',
    injuryPercent: rateToPercent(e?.injuryRate),
    hfPercent: rateToPercent(e?.hfRate),
    deadlineDay: e?.deadlineDay ?? 15,
    joinCutoffDay: e?.joinCutoffDay ?? null,
    managedBy: e?.managedBy ?? 'self',
    agencyName: e?.agencyName ?? '',
    locations: e ? [...e.locations] : [],
    isDefault: e?.isDefault ?? false,
    baseFollowsPay: e?.baseFollowsPay ?? false,
  };
}

export function toEntitySave(v: EntityValues, id: number | null): EntitySave {
  const { injuryPercent, hfPercent, ...rest } = v;
  return {
    ...(id !== null ? { id } : {}),
    ...rest,
    name: rest.name.trim(),
    city: rest.city.trim(),
    siAccountNo: (rest.siAccountNo ?? '').trim(),
    hfAccountNo: (rest.hfAccountNo ?? '').trim(),
    agencyName: rest.managedBy === 'agency' ? (rest.agencyName ?? '').trim() : '',
    joinCutoffDay: rest.joinCutoffDay ?? null,
    locations: [...new Set((rest.locations ?? []).map((l) => l.trim()).filter(Boolean))],
    injuryRate: percentToRate(injuryPercent),
    hfRate: percentToRate(hfPercent),
  };
}

/** The 办理方式 column: 自办, or 代理：<agency>. */
export function managedByText(e: Pick<EntityView, 'managedBy' | 'agencyName'>): string {
  if (e.managedBy !== 'agency') return '自办';
  return e.agencyName ? `代理：${e.agencyName}` : '代理';
}
