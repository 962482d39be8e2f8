import type { AnnualDeclare, AnnualPreviewRow, AnnualPreviewView } from '@wfsaas/contracts';

/** HR's changes to the proposed bases of 年度调基, by employee. */
export type AnnualEdits = Record<number, { siBase?: string; hfBase?: string }>;

const MONEY = /^\d{1,12}(\.\d{1,2})?$/;

/** The row as it will be declared: the proposal with HR's edits over it. */
export function editedRow(row: AnnualPreviewRow, edits: AnnualEdits): AnnualPreviewRow {
  const e = edits[row.employeeId];
  return e ? { ...row, siBase: e.siBase ?? row.siBase, hfBase: e.hfBase ?? row.hfBase } : row;
}

export function setBase(edits: AnnualEdits, employeeId: number, field: 'siBase' | 'hfBase', value: string): AnnualEdits {
  return { ...edits, [employeeId]: { ...edits[employeeId], [field]: value.trim() } };
}

/** What is wrong with a base against the policy's bounds; null when it is fine. */
export function baseError(value: string, floor: string | null, ceiling: string | null, label: string): string | null {
  const v = value.trim();
  if (!v) return `请输入${label}`;
  if (!MONEY.test(v)) return `${label}应为金额，最多两位小数`;
  if (floor && Number(v) < Number(floor)) return `${label}不能低于下限 ${floor}`;
  if (ceiling && Number(v) > Number(ceiling)) return `${label}不能高于上限 ${ceiling}`;
  return null;
}

/** Every row's first error (社保 then 公积金) and the base it is about, keyed by employee; empty when all can be declared. */
export function annualErrors(view: AnnualPreviewView, edits: AnnualEdits): Record<number, { field: 'siBase' | 'hfBase'; message: string }> {
  const out: Record<number, { field: 'siBase' | 'hfBase'; message: string }> = {};
  for (const r of view.rows) {
    const row = editedRow(r, edits);
    const si = baseError(row.siBase, view.siFloor, view.siCeiling, '社保基数');
    const hf = si ? null : baseError(row.hfBase, view.hfFloor, view.hfCeiling, '公积金基数');
    if (si) out[r.employeeId] = { field: 'siBase', message: si };
    else if (hf) out[r.employeeId] = { field: 'hfBase', message: hf };
  }
  return out;
}

/** The clamp tag of a row: 按下限 / 按上限, or null. */
export function clampText(clamped: AnnualPreviewRow['clamped']): string | null {
  return clamped === 'floor' ? '按下限' : clamped === 'ceiling' ? '按上限' : null;
}

export function toAnnualDeclare(view: AnnualPreviewView, edits: AnnualEdits, month: string): AnnualDeclare {
  return {
    entityId: view.entityId,
    year: view.year,
    month,
    rows: view.rows.map((r) => {
      const row = editedRow(r, edits);
      return { employeeId: row.employeeId, siBase: row.siBase.trim(), hfBase: row.hfBase.trim() };
    }),
  };
}
