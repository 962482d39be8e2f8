import { BOARD_WINDOW_DAYS, zConversionPage, zEmployeePageList, zRenewalPage, type EmploymentRiskQuery, type RiskKey, type RiskPerson } from '@wfsaas/contracts';
import { addDays, chinaToday } from '../../platform/china-date.ts';
import { accessDenied } from '../../platform/errors.ts';
import { Paged, type ServiceCtx } from '../../platform/http.ts';
import { listGrantedKeys } from '../../platform/permissions.ts';
import type { AppServices } from '../../platform/services.ts';
import { pageEmployees } from '../employees/index.ts';
import { pageConversion, pageRenewals } from '../lifecycle/index.ts';
import { unsignedFilters } from './board.service.ts';

/** 用工风险: the people behind each risk count, read page by page from the very list the count links to. */

/** The key of the list each risk reads. */
export const RISK_PERMISSION: Record<RiskKey, string> = {
  probationDue: 'conversion',
  probationOverdue: 'conversion',
  unsignedOverdue: 'staffRoll',
  contractExpiring: 'renewal',
  contractExpired: 'renewal',
};

export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** Days overdue and left, both from a deadline (null deadline: neither). */
export function dueDays(deadline: string | null, today: string): { daysOverdue: number; daysLeft: number } {
  if (!deadline) return { daysOverdue: 0, daysLeft: 0 };
  const left = daysBetween(today, deadline);
  return { daysOverdue: Math.max(0, -left), daysLeft: Math.max(0, left) };
}

export async function employmentRisk(services: AppServices, c: ServiceCtx, input: EmploymentRiskQuery): Promise<Paged<RiskPerson>> {
  const key = RISK_PERMISSION[input.riskKey];
  if (!(await listGrantedKeys(c.tx, c.companyId, c.user.userId, c.isAdmin)).includes(key)) throw accessDenied(`您没有此操作的权限（${key}），请联系管理员`);
  const today = chinaToday();
  const paging = { pageNum: input.pageNum, pageSize: input.pageSize };
  switch (input.riskKey) {
    case 'probationDue':
    case 'probationOverdue': {
      const tab = input.riskKey === 'probationDue' ? 'due' : 'overdue';
      const page = await pageConversion(c, zConversionPage.parse({ ...paging, tab, withinDays: BOARD_WINDOW_DAYS }));
      const rows = page.list.map((r) => ({ employeeId: r.employeeId, name: r.name, employeeNo: r.employeeNo, departmentName: r.departmentName, date: r.probationEndDate, ...dueDays(r.probationEndDate, today) }));
      return new Paged(rows, input.pageNum, input.pageSize, page.pageMessage.total);
    }
    case 'contractExpiring':
    case 'contractExpired': {
      const tab = input.riskKey === 'contractExpiring' ? 'expiring' : 'expired';
      const page = await pageRenewals(c, zRenewalPage.parse({ ...paging, tab, withinDays: BOARD_WINDOW_DAYS }));
      const rows = page.list.map((r) => ({ employeeId: r.employeeId, name: r.name, employeeNo: r.employeeNo, departmentName: r.departmentName, date: r.contract.endDate, ...dueDays(r.contract.endDate, today) }));
      return new Paged(rows, input.pageNum, input.pageSize, page.pageMessage.total);
    }
    case 'unsignedOverdue': {
      // the longest without a contract first
      const page = await pageEmployees(services, c, zEmployeePageList.parse({ ...paging, ...unsignedFilters(today), sortBy: 'hireDate', sortOrder: 'asc' }));
      const rows = page.list.map((e) => ({
        employeeId: e.id,
        name: e.name,
        employeeNo: e.employeeNo,
        departmentName: e.departmentName,
        date: e.hireDate,
        ...dueDays(e.hireDate ? addDays(e.hireDate, BOARD_WINDOW_DAYS) : null, today),
      }));
      return new Paged(rows, input.pageNum, input.pageSize, page.pageMessage.total);
    }
  }
}
