import type { RouteName } from '@wfsaas/contracts';
import { lazy } from 'react';
import type { Screen, ScreenRegistry } from './ScreensContext.ts';

/**
 * Screens of signed-in routes that are built: one lazily loaded chunk each. Every other route of
 * the table renders the not-available page until its screen is added here.
 *
 * Only the app frame (AppLayout) imports this module, and hands it to the routes through
 * ScreensContext (see there why). Public screens are in public-pages.ts.
 */
export const AUTH_SCREENS: Partial<Record<RouteName, Screen>> = {
  home: lazy(() => import('../../features/home/HomePage.tsx')),
  rolePermission: lazy(() => import('../../features/role-permission/RolePermissionPage.tsx')),
  messageCenter: lazy(() => import('../../features/messages/MessageCenterPage.tsx')),
  downloadCenter: lazy(() => import('../../features/downloads/DownloadCenterPage.tsx')),
  organizationalIndex: lazy(() => import('../../features/org/OrgIndexPage.tsx')),
  organizationalIndexduo: lazy(() => import('../../features/org/OrgChartPage.tsx')),
  positionRank: lazy(() => import('../../features/org/PositionRankPage.tsx')),
  costCenter: lazy(() => import('../../features/org/CostCenterPage.tsx')),
  staffRollImportTemplate: lazy(() => import('../../features/employee-import/EmployeeImportPage.tsx')),
  staffRoll: lazy(() => import('../../features/employees/StaffRollPage.tsx')),
  newEmployee: lazy(() => import('../../features/employees/EmployeeFormPage.tsx')),
  groupInformation: lazy(() => import('../../features/employees/GroupInformationPage.tsx')),
  employeeTasks: lazy(() => import('../../features/employees/EmployeeTasksPage.tsx')),
  employeeBrand: lazy(() => import('../../features/employees/EmployeeBrandPage.tsx')),
  employeeManage: lazy(() => import('../../features/employees/EmployeeManagePage.tsx')),
  employmentRelationship: lazy(() => import('../../features/reminders/EmploymentRelationshipPage.tsx')),
  sealList: lazy(() => import('../../features/esign/SealListPage.tsx')),
  conversion: lazy(() => import('../../features/lifecycle/ConversionPage.tsx')),
  alternation: lazy(() => import('../../features/lifecycle/AlternationPage.tsx')),
  doQuit: lazy(() => import('../../features/lifecycle/DoQuitPage.tsx')),
  selfOnboardingList: lazy(() => import('../../features/lifecycle/InductionListPage.tsx')),
  selfOnboardingInvite: lazy(() => import('../../features/self-onboarding/InvitePage.tsx')),
  renewal: lazy(() => import('../../features/lifecycle/RenewalPage.tsx')),
  transactionSet: lazy(() => import('../../features/lifecycle/TransactionSetPage.tsx')),
  contractAlter: lazy(() => import('../../features/lifecycle/ContractAlterPage.tsx')),
  dimissionRoster: lazy(() => import('../../features/lifecycle/DimissionRosterPage.tsx')),
  importPayslip: lazy(() => import('../../features/payslips/ImportPayslipPage.tsx')),
  payslipManagement: lazy(() => import('../../features/payslips/PayslipManagementPage.tsx')),
  payslipDetails: lazy(() => import('../../features/payslips/PayslipDetailsPage.tsx')),
};

export const BUILT_SCREENS: ReadonlySet<string> = new Set(Object.keys(AUTH_SCREENS));

export const SCREEN_REGISTRY: ScreenRegistry = { screens: AUTH_SCREENS, built: BUILT_SCREENS };
