import type { RouteName } from '@wfsaas/contracts';
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

type Screen = LazyExoticComponent<ComponentType>;

/** Public screens: one lazily loaded chunk each. */
export const PUBLIC_SCREENS: Partial<Record<RouteName, Screen>> = {
  login: lazy(() => import('../../features/auth/LoginPage.tsx')),
  companyChoice: lazy(() => import('../../features/company/CompanyChoicePage.tsx')),
  companyGuide: lazy(() => import('../../features/company/CompanyGuidePage.tsx')),
  noCompany: lazy(() => import('../../features/company/NoCompanyPage.tsx')),
  notAvailable: lazy(() => import('../../features/system/NotAvailablePage.tsx')),
};

/**
 * Screens of signed-in routes that are built: one lazily loaded chunk each. Every other route of
 * the table renders the not-available page until its screen is added here.
 */
export const AUTH_SCREENS: Partial<Record<RouteName, Screen>> = {
  home: lazy(() => import('../../features/home/HomePage.tsx')),
};

export const BUILT_SCREENS: ReadonlySet<string> = new Set(Object.keys(AUTH_SCREENS));

export const PRODUCT_NAME = 'wfsaas 人事云';

export function setDocumentTitle(title: string | undefined): void {
  if (typeof document !== 'undefined') document.title = title ? `${title} - ${PRODUCT_NAME}` : PRODUCT_NAME;
}
