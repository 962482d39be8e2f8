import type { RouteName } from '@wfsaas/contracts';
import { lazy } from 'react';
import type { Screen } from './ScreensContext.ts';

/** Public screens: one lazily loaded chunk each. */
export const PUBLIC_SCREENS: Partial<Record<RouteName, Screen>> = {
  login: lazy(() => import('../../features/auth/LoginPage.tsx')),
  companyChoice: lazy(() => import('../../features/company/CompanyChoicePage.tsx')),
  companyGuide: lazy(() => import('../../features/company/CompanyGuidePage.tsx')),
  noCompany: lazy(() => import('../../features/company/NoCompanyPage.tsx')),
  notAvailable: lazy(() => import('../../features/system/NotAvailablePage.tsx')),
  pendingSignDetail: lazy(() => import('../../mobile/contract/ContractPhonePage.tsx')),
};

export const PRODUCT_NAME = 'wfsaas 人事云';

export function setDocumentTitle(title: string | undefined): void {
  if (typeof document !== 'undefined') document.title = title ? `${title} - ${PRODUCT_NAME}` : PRODUCT_NAME;
}
