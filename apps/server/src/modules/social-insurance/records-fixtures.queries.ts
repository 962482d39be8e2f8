import { payrollResults, payrollRuns, siInsured, type StoredGroupConfig } from '../../db/schema/index.ts';
import type { Executor } from '../../platform/db.ts';
import { insertEntity as insertEntityRow } from './entities.queries.ts';

/**
 * Test and benchmark data for contribution records, annual adjustment and payroll's 按参保信息 rule:
 * entities and insurance written directly, without the endpoints' checks.
 */

export type FixtureEntity = { name: string; city: string; deadlineDay?: number; hfRate?: string | null; injuryRate?: string | null; locations?: string[] };

export async function insertEntity(exec: Executor, companyId: number, e: FixtureEntity): Promise<number> {
  const row = await insertEntityRow(exec, companyId, { name: e.name, city: e.city, deadlineDay: e.deadlineDay ?? 28, hfRate: e.hfRate ?? null, injuryRate: e.injuryRate ?? null, locations: e.locations ?? [] });
  return row.id;
}

export type FixtureInsured = { employeeId: number; entityId: number; siBase: string; hfBase: string; hfRate: string; startMonth: string; endMonth?: string | null; status?: 1 | 2 | 3 | 4 };

/** Inserts insurance rows (multi-row; 在保 unless told). */
export async function insertInsured(exec: Executor, companyId: number, list: FixtureInsured[]): Promise<void> {
  for (let i = 0; i < list.length; i += 2000) {
    await exec.insert(siInsured).values(list.slice(i, i + 2000).map((r) => ({ companyId, ...r, endMonth: r.endMonth ?? null, status: r.status ?? 2 })));
  }
}

/**
 * A locked 工资薪金 run of `month` paying each employee the given taxable wage (what 年度调基 averages).
 * `groupId` need not exist: only the run and its results are read.
 */
export async function insertPaidMonth(exec: Executor, companyId: number, groupId: number, month: string, wages: { employeeId: number; name: string; wage: string }[], taxRule: 0 | 1 | 2 = 1): Promise<void> {
  const config = { taxRule } as StoredGroupConfig;
  const [run] = await exec.insert(payrollRuns).values({ companyId, groupId, month, status: 4, workingDays: 21, config }).returning({ id: payrollRuns.id });
  await exec.insert(payrollResults).values(
    wages.map((w) => ({
      companyId,
      runId: run!.id,
      employeeId: w.employeeId,
      name: w.name,
      values: {},
      gross: w.wage,
      net: w.wage,
      siEmployee: '0',
      siEmployer: '0',
      hfEmployee: '0',
      hfEmployer: '0',
      contributions: [],
      taxableIncome: w.wage,
      specialDeduction: '0',
      additionalDeduction: '0',
      otherDeduction: '0',
      tax: '0',
      taxDetail: { taxFreeIncome: '0.00', deductions: {}, cumulative: null },
      warnings: [],
    })),
  );
}
