import { and, eq } from 'drizzle-orm';
import type { ReconcileDifference } from '@wfsaas/contracts';
import { employees, siContributionMonths, siContributions, siReconciliations } from '../../db/schema/index.ts';
import type { Executor } from '../../platform/db.ts';

/** 对账: our contributions of an entity's month beside the people's identities, and the stored result. */

export type OurContribution = { employeeId: number; name: string; idNumberHash: string | null; item: string; itemName: string; employer: string; employee: string };

export async function listOurContributions(exec: Executor, companyId: number, month: string, entityId: number): Promise<OurContribution[]> {
  const rows = await exec
    .select({
      employeeId: siContributions.employeeId,
      name: employees.name,
      idNumberHash: employees.idNumberHash,
      item: siContributions.item,
      itemName: siContributions.name,
      employer: siContributions.employer,
      employee: siContributions.employee,
    })
    .from(siContributions)
    .innerJoin(employees, and(eq(employees.companyId, siContributions.companyId), eq(employees.id, siContributions.employeeId)))
    .where(and(eq(siContributions.companyId, companyId), eq(siContributions.month, month), eq(siContributions.entityId, entityId)));
  return rows.map((r) => ({ ...r, employeeId: Number(r.employeeId) }));
}

/** Whether the entity's month has been generated at all (an empty month is generated too). */
export async function isMonthGenerated(exec: Executor, companyId: number, month: string, entityId: number): Promise<boolean> {
  const rows = await exec
    .select({ at: siContributionMonths.generatedAt })
    .from(siContributionMonths)
    .where(and(eq(siContributionMonths.companyId, companyId), eq(siContributionMonths.month, month), eq(siContributionMonths.entityId, entityId)));
  return rows.length > 0;
}

export type ReconciliationRow = typeof siReconciliations.$inferSelect;

/** Keeps the last reconciliation of an entity's month. */
export async function saveReconciliation(
  exec: Executor,
  row: { companyId: number; month: string; entityId: number; by: number | null; billRows: number; matched: number; differences: ReconcileDifference[] },
): Promise<ReconciliationRow> {
  const [saved] = await exec
    .insert(siReconciliations)
    .values({ ...row, at: new Date() })
    .onConflictDoUpdate({
      target: [siReconciliations.companyId, siReconciliations.month, siReconciliations.entityId],
      set: { at: new Date(), by: row.by, billRows: row.billRows, matched: row.matched, differences: row.differences },
    })
    .returning();
  return saved!;
}

export async function findReconciliation(exec: Executor, companyId: number, month: string, entityId: number): Promise<ReconciliationRow | null> {
  const rows = await exec
    .select()
    .from(siReconciliations)
    .where(and(eq(siReconciliations.companyId, companyId), eq(siReconciliations.month, month), eq(siReconciliations.entityId, entityId)));
  return rows[0] ?? null;
}
