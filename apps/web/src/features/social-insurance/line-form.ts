import type { ApplyLineSave, ApplyLineView } from '@wfsaas/contracts';
import { percentToRate, rateToPercent } from './entity-form.ts';

/** The line form: months as YYYY-MM text, the housing-fund rate as a percentage. */
export type LineValues = {
  employeeId: number | null;
  kind: 1 | 2 | 3 | 4;
  fromMonth: string;
  toMonth: string | null;
  siBase: string;
  hfBase: string;
  hfPercent: string;
  remark: string;
};

export function lineValues(line: ApplyLineView | null, month: string): LineValues {
  return {
    employeeId: line?.employeeId ?? null,
    kind: line?.kind ?? 1,
    fromMonth: line?.fromMonth ?? month,
    toMonth: line?.toMonth ?? null,
    siBase: line?.siBase ?? '',
    hfBase: line?.hfBase ?? '',
    hfPercent: rateToPercent(line?.hfRate),
    remark: line?.remark ?? '',
  };
}

/** The save body: a stored line by id, a proposal by its key, a manual line by neither. */
export function toLineSave(applyId: number, line: ApplyLineView | null, v: LineValues): ApplyLineSave {
  return {
    applyId,
    ...(line?.id != null ? { lineId: line.id } : line?.proposalKey ? { proposalKey: line.proposalKey } : {}),
    employeeId: line?.employeeId ?? v.employeeId ?? 0,
    kind: v.kind,
    fromMonth: v.fromMonth,
    toMonth: v.toMonth || null,
    siBase: v.siBase.trim(),
    hfBase: v.hfBase.trim(),
    hfRate: percentToRate(v.hfPercent) ?? '0',
    remark: v.remark.trim(),
  };
}

/** The end month may not come before the start month. */
export function monthRangeError(from: string | null | undefined, to: string | null | undefined): string | null {
  if (!from || !to) return null;
  return to < from ? '截止月不能早于起始月' : null;
}

const MONEY = /^\d{1,12}(\.\d{1,2})?$/;
export function moneyError(value: string | null | undefined, label: string): string | null {
  const v = (value ?? '').trim();
  if (!v) return `请输入${label}`;
  return MONEY.test(v) ? null : `${label}应为不小于0的金额，最多两位小数`;
}
