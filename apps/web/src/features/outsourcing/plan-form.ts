import type { FeeKind, PlanSave, PlanView, VatKind } from '@wfsaas/contracts';
import { percentToRate, rateToPercent } from '../social-insurance/entity-form.ts';

/** The plan form: the save body with the fee rate typed as a percentage. */
export type PlanValues = {
  name: string;
  feeKind: FeeKind;
  feeAmount: string;
  feePercent: string;
  vatKind: VatKind;
  salaryGroupId: number | null;
  siEntityId: number | null;
  contractPackageId: number | null;
  remark: string;
};

export function planValues(p: PlanView | null): PlanValues {
  return {
    name: p?.name ?? '',
    feeKind: p?.feeKind ?? 'perHead',
    feeAmount: p?.feeAmount ?? '',
    feePercent: rateToPercent(p?.feeRate),
    vatKind: p?.vatKind ?? 'simplified',
    salaryGroupId: p?.salaryGroupId ?? null,
    siEntityId: p?.siEntityId ?? null,
    contractPackageId: p?.contractPackageId ?? null,
    remark: p?.remark ?? '',
  };
}

/** The save body: only the fee input of the chosen kind travels. */
export function toPlanSave(v: PlanValues, id: number | null): PlanSave {
  const perHead = v.feeKind === 'perHead';
  return {
    ...(id !== null ? { id } : {}),
    name: v.name.trim(),
    feeKind: v.feeKind,
    feeAmount: perHead ? normalizeAmount(v.feeAmount) : null,
    feeRate: perHead ? null : percentToRate(v.feePercent),
    vatKind: v.vatKind,
    salaryGroupId: v.salaryGroupId ?? null,
    siEntityId: v.siEntityId ?? null,
    contractPackageId: v.contractPackageId ?? null,
    remark: (v.remark ?? '').trim(),
  };
}

function normalizeAmount(v: string | null | undefined): string | null {
  const text = String(v ?? '').trim().replace(/,/g, '');
  return text ? text : null;
}

/** 每人每月服务费: required for a per-head fee, a positive amount with at most two places. */
export function feeAmountError(v: string | number | null | undefined): string | null {
  const text = String(v ?? '').trim().replace(/,/g, '');
  if (!text) return '请输入每人每月服务费';
  if (!/^\d{1,12}(\.\d{1,2})?$/.test(text)) return '服务费应为金额，最多两位小数';
  if (Number(text) <= 0) return '服务费应大于0';
  return null;
}

/** 服务费比例 as a percentage: above 0 and at most 100, up to four places. */
export function feePercentError(v: string | number | null | undefined): string | null {
  const text = String(v ?? '').trim();
  if (!text) return '请输入服务费比例';
  const rate = percentToRate(text);
  if (rate === null) return '服务费比例应为0到100之间的数';
  if ((rate.split('.')[1] ?? '').length > 6) return '服务费比例最多保留4位小数';
  if (Number(rate) <= 0) return '服务费比例应大于0';
  return null;
}
