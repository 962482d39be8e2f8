import { and, eq, inArray, isNotNull, lte, or, sql } from 'drizzle-orm';
import { siEntities, siInsured } from '../../db/schema/index.ts';
import type { Executor } from '../../platform/db.ts';

/**
 * What a salary group with the base rule 按参保信息 reads of social-insurance hosting: each member's
 * insurance covering the run's month, with the entity's city and rates. Read here in SQL (payroll does
 * not import the social-insurance module, which imports payroll).
 */

export type MemberInsurance = {
  employeeId: number;
  entityId: number;
  city: string;
  siBase: string;
  hfBase: string;
  hfRate: string;
  injuryRate: string | null;
};

/**
 * Insurance covering `month`: from its start month through its end month (none while insured), in
 * 在保 or 待减员, or 停保 with the month still covered. 待增员 is not insured yet.
 */
export async function listInsuranceOfMonth(exec: Executor, companyId: number, month: string, ids?: number[]): Promise<MemberInsurance[]> {
  const conds = [
    eq(siInsured.companyId, companyId),
    lte(siInsured.startMonth, month),
    or(sql`${siInsured.endMonth} is null`, sql`${siInsured.endMonth} >= ${month}`),
    or(inArray(siInsured.status, [2, 3]), and(eq(siInsured.status, 4), isNotNull(siInsured.endMonth))),
  ];
  if (ids) conds.push(inArray(siInsured.employeeId, ids.length > 0 ? ids : [-1]));
  const rows = await exec
    .select({
      employeeId: siInsured.employeeId,
      entityId: siInsured.entityId,
      city: siEntities.city,
      siBase: siInsured.siBase,
      hfBase: siInsured.hfBase,
      hfRate: siInsured.hfRate,
      injuryRate: siEntities.injuryRate,
    })
    .from(siInsured)
    .innerJoin(siEntities, and(eq(siEntities.companyId, siInsured.companyId), eq(siEntities.id, siInsured.entityId)))
    .where(and(...conds));
  return rows.map((r) => ({ ...r, employeeId: Number(r.employeeId), entityId: Number(r.entityId) }));
}
