import type { CompanyListEntry } from '@wfsaas/contracts';

export type CompanyEntryDecision =
  | { kind: 'none' }
  | { kind: 'auto'; company: CompanyListEntry }
  | { kind: 'choose'; companies: CompanyListEntry[]; lastCompanyId: number | null };

/**
 * /excessive/company: no company → /noCompany; exactly one → straight in; several → the choice,
 * with the last choice first. Open invitations always show the choice (they wait there).
 */
export function decideCompanyEntry(companies: readonly CompanyListEntry[], lastCompanyId: number | null, openInvitations = 0): CompanyEntryDecision {
  if (companies.length === 0 && openInvitations === 0) return { kind: 'none' };
  if (companies.length === 1 && openInvitations === 0) return { kind: 'auto', company: companies[0]! };
  const last = companies.some((c) => c.companyId === lastCompanyId) ? lastCompanyId : null;
  const sorted = [...companies].sort((a, b) => Number(b.companyId === last) - Number(a.companyId === last));
  return { kind: 'choose', companies: sorted, lastCompanyId: last };
}

export function filterCompanies(companies: readonly CompanyListEntry[], keyword: string): CompanyListEntry[] {
  const k = keyword.trim().toLowerCase();
  if (!k) return [...companies];
  return companies.filter((c) => c.companyName.toLowerCase().includes(k));
}
