import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { companies, employees, osClients, osCustodyLinks, osPlacements, osPlans, payrollResults, payrollRuns, siContributions } from '../../db/schema/index.ts';
import type { Executor } from '../../platform/db.ts';

/** What a month's client bills read: clients with their plans, the month's placements, pay and contributions — each one query for the month. */

export type BillClient = {
  id: number; name: string; planId: number; planName: string; feeKind: string; feeAmount: string | null; feeRate: string | null; vatKind: string;
};

export async function listBillClients(exec: Executor, companyId: number, clientId?: number): Promise<BillClient[]> {
  return exec
    .select({
      id: osClients.id, name: osClients.name, planId: osClients.planId, planName: osPlans.name, feeKind: osPlans.feeKind,
      feeAmount: osPlans.feeAmount, feeRate: osPlans.feeRate, vatKind: osPlans.vatKind,
    })
    .from(osClients)
    .innerJoin(osPlans, and(eq(osPlans.companyId, osClients.companyId), eq(osPlans.id, osClients.planId)))
    .where(and(eq(osClients.companyId, companyId), isNull(osClients.archivedAt), clientId !== undefined ? eq(osClients.id, clientId) : undefined))
    .orderBy(osClients.id);
}

export type MonthPlacement = { clientId: number; employeeId: number; name: string; employeeNo: string | null; post: string; startDate: string; leftDate: string | null };

/** Placements at work some time in [first, last]: 在岗, 待离岗 or 已离岗, started by the end and not left before the start. */
export async function listMonthPlacements(exec: Executor, companyId: number, first: string, last: string, clientId?: number): Promise<MonthPlacement[]> {
  return exec
    .select({
      clientId: osPlacements.clientId, employeeId: osPlacements.employeeId, name: employees.name, employeeNo: employees.employeeNo,
      post: osPlacements.post, startDate: osPlacements.startDate, leftDate: osPlacements.leftDate,
    })
    .from(osPlacements)
    .innerJoin(employees, and(eq(employees.companyId, osPlacements.companyId), eq(employees.id, osPlacements.employeeId)))
    .where(
      and(
        eq(osPlacements.companyId, companyId),
        inArray(osPlacements.status, [2, 3, 4]),
        sql`${osPlacements.startDate} <= ${last}`,
        sql`(${osPlacements.leftDate} is null or ${osPlacements.leftDate} >= ${first})`,
        clientId !== undefined ? eq(osPlacements.clientId, clientId) : undefined,
      ),
    )
    .orderBy(osPlacements.clientId, employees.employeeNo, osPlacements.employeeId);
}

export type MonthPay = { employeeId: number; gross: string; siEmployer: string; hfEmployer: string };

/** Each employee's pay of the month: the sum over the month's calculated runs (核算完成, 已锁定, 已提交), not archived, without errors. */
export async function listMonthPay(exec: Executor, companyId: number, month: string): Promise<MonthPay[]> {
  return exec
    .select({
      employeeId: payrollResults.employeeId,
      gross: sql<string>`sum(${payrollResults.gross})::text`,
      siEmployer: sql<string>`sum(${payrollResults.siEmployer})::text`,
      hfEmployer: sql<string>`sum(${payrollResults.hfEmployer})::text`,
    })
    .from(payrollResults)
    .innerJoin(payrollRuns, and(eq(payrollRuns.companyId, payrollResults.companyId), eq(payrollRuns.id, payrollResults.runId)))
    .where(and(eq(payrollResults.companyId, companyId), eq(payrollRuns.month, month), inArray(payrollRuns.status, [3, 4, 5]), isNull(payrollRuns.archivedAt), isNull(payrollResults.error)))
    .groupBy(payrollResults.employeeId);
}

export type MonthContribution = { employeeId: number; si: string; hf: string };

/** Each employee's employer contributions of the month from 缴费记录: social insurance (every item but the fund) and housing fund. */
export async function listMonthContributions(exec: Executor, companyId: number, month: string): Promise<MonthContribution[]> {
  return exec
    .select({
      employeeId: siContributions.employeeId,
      si: sql<string>`coalesce(sum(${siContributions.employer}) filter (where ${siContributions.item} <> 'housingFund'), 0)::text`,
      hf: sql<string>`coalesce(sum(${siContributions.employer}) filter (where ${siContributions.item} = 'housingFund'), 0)::text`,
    })
    .from(siContributions)
    .where(and(eq(siContributions.companyId, companyId), eq(siContributions.month, month)))
    .groupBy(siContributions.employeeId);
}

/** The provider's custody links that ask the client to confirm bills. */
export async function listConfirmingClientIds(exec: Executor, providerId: number): Promise<number[]> {
  const rows = await exec
    .select({ clientId: osCustodyLinks.clientId })
    .from(osCustodyLinks)
    .where(and(eq(osCustodyLinks.providerCompanyId, providerId), eq(osCustodyLinks.enabled, true), eq(osCustodyLinks.confirmBills, true)));
  return rows.map((r) => r.clientId);
}

export async function companyName(exec: Executor, id: number): Promise<string> {
  const [row] = await exec.select({ name: companies.name }).from(companies).where(eq(companies.id, id)).limit(1);
  return row?.name ?? '';
}
