import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { employees, osPlacements } from '../../db/schema/index.ts';
import type { Executor } from '../../platform/db.ts';

/** Test data for outsourcing: placements written directly, without the onboarding flow's checks. */

/** Live employees of a company on the job (试用期, 正式), oldest first. */
export async function listOnJobEmployees(exec: Executor, companyId: number, n: number): Promise<{ id: number; name: string; employeeNo: string | null }[]> {
  return exec
    .select({ id: employees.id, name: employees.name, employeeNo: employees.employeeNo })
    .from(employees)
    .where(and(eq(employees.companyId, companyId), isNull(employees.archivedAt), inArray(employees.status, [1, 2])))
    .orderBy(asc(employees.id))
    .limit(n);
}

export type FixturePlacement = { employeeId: number; clientId: number; planId: number; post: string; status: number; orderId?: number | null; kind?: number; postKind?: string };

export async function insertPlacementRow(exec: Executor, companyId: number, p: FixturePlacement): Promise<number> {
  const [row] = await exec
    .insert(osPlacements)
    .values({
      companyId,
      employeeId: p.employeeId,
      clientId: p.clientId,
      orderId: p.orderId ?? null,
      planId: p.planId,
      kind: p.kind ?? 2,
      post: p.post,
      postKind: p.postKind ?? 'auxiliary',
      startDate: '2026-02-01',
      endDate: '2027-12-31',
      status: p.status,
    })
    .returning({ id: osPlacements.id });
  return row!.id;
}
