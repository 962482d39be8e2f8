import { siEntities, siInsured } from '../../db/schema/index.ts';
import type { Executor } from '../../platform/db.ts';

/**
 * Test and benchmark data for contribution records, annual adjustment and payroll's 按参保信息 rule:
 * entities and insurance written directly (the endpoints that make them belong to another part of
 * the module; these tests do not depend on them).
 */

export type FixtureEntity = { name: string; city: string; deadlineDay?: number; hfRate?: string | null; injuryRate?: string | null; locations?: string[] };

export async function insertEntity(exec: Executor, companyId: number, e: FixtureEntity): Promise<number> {
  const [row] = await exec
    .insert(siEntities)
    .values({ companyId, name: e.name, city: e.city, deadlineDay: e.deadlineDay ?? 28, hfRate: e.hfRate ?? null, injuryRate: e.injuryRate ?? null, locations: e.locations ?? [] })
    .returning({ id: siEntities.id });
  return row!.id;
}

export type FixtureInsured = { employeeId: number; entityId: number; siBase: string; hfBase: string; hfRate: string; startMonth: string; endMonth?: string | null; status?: 1 | 2 | 3 | 4 };

/** Inserts insurance rows (multi-row; 在保 unless told). */
export async function insertInsured(exec: Executor, companyId: number, list: FixtureInsured[]): Promise<void> {
  for (let i = 0; i < list.length; i += 2000) {
    await exec.insert(siInsured).values(list.slice(i, i + 2000).map((r) => ({ companyId, ...r, endMonth: r.endMonth ?? null, status: r.status ?? 2 })));
  }
}
