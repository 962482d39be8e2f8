import { IDENTITY_KINDS, type IdentityColumn, type PayslipColumn, type PayslipSheetPreview, type PayslipTemplateView } from '@wfsaas/contracts';
import { maskMobile } from './payslip-format.ts';

/** The import's first step: the month, the title and an optional template. */
export type Basics = { month: string; title: string; templateId?: number };
/** How the sheet's columns show on the payslip, as HR set them. */
export type Layout = { headerRows: 1 | 2; identity: IdentityColumn[]; columns: PayslipColumn[]; hideEmpty: boolean; note: string };

/** The sheet columns that identify the employee. */
export function identityIndexes(identity: readonly IdentityColumn[]): number[] {
  return identity.map((i) => i.index);
}

/** "手机号 138****0000" style text of a row's non-name identity cells, for pickers (mobile masked). */
export function identityText(identity: readonly IdentityColumn[], row: readonly string[]): string {
  return identity
    .filter((i) => i.kind !== 'name')
    .map((i) => `${IDENTITY_KINDS.find((k) => k.key === i.kind)?.label ?? ''} ${i.kind === 'mobile' ? maskMobile(row[i.index]) : (row[i.index] ?? '')}`.trim())
    .join('，');
}

/**
 * The layout HR starts from: the server's suggestion, with a chosen template's groups and show flags
 * laid over the columns of the same label, and its hide-empty flag and note.
 */
export function applyTemplate(sheet: PayslipSheetPreview, template: PayslipTemplateView | undefined) {
  const byLabel = new Map((template?.columns ?? []).map((c) => [c.label, c]));
  return {
    headerRows: sheet.headerRows,
    identity: [...sheet.identity],
    columns: sheet.columns.map((c) => {
      const t = byLabel.get(c.label);
      return t ? { ...c, group: t.group, show: t.show } : { ...c };
    }),
    hideEmpty: template?.hideEmpty ?? true,
    note: template?.note ?? '',
  };
}
