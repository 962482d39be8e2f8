import { MESSAGES } from '@wfsaas/contracts';

/** The alert when the page's company differs from the signed-in company. */
export const COMPANY_MISMATCH_ALERT = { content: MESSAGES.companyMismatch, okText: '确定' } as const;

/**
 * Whether the company this page shows is no longer the stored one (e.g. another tab switched
 * company or signed out). `stored` is the raw localStorage value.
 */
export function isCompanyMismatch(pageCompanyId: number | null, stored: string | null): boolean {
  if (pageCompanyId == null) return false;
  return String(pageCompanyId) !== (stored ?? '');
}
