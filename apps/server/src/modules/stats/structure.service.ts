import {
  AGE_BANDS,
  bandOf,
  EDUCATIONS,
  EMPLOYMENT_TYPES,
  formatYearsMonths,
  GENDERS,
  TENURE_BANDS,
  UNKNOWN_BUCKET,
  zEmployeePageList,
  type EmployeeStructure,
  type EmployeeStructureQuery,
  type StructureBucket,
} from '@wfsaas/contracts';
import { chinaToday } from '../../platform/china-date.ts';
import type { ServiceCtx } from '../../platform/http.ts';
import type { AppServices } from '../../platform/services.ts';
import { rosterFilterFor } from '../employees/index.ts';
import { countRosterBy, listDepartmentPaths, type StructureGroup } from './stats.queries.ts';
import { ON_ROSTER, STAFF_ROLL_PATH } from './board-links.ts';

/** 员工结构: the on-roster employees the caller may see, by department, gender, age, tenure, education and employment type. */

const NO_DEPARTMENT = { key: 'none', label: '未分配部门' } as const;

/** Buckets of a code table in its order, then 未填写; codes outside the table count as 未填写. */
export function codeBuckets(groups: readonly StructureGroup[], table: readonly { value: number; label: string }[]): StructureBucket[] {
  const out = table.map((t) => ({ key: String(t.value), label: t.label, count: 0 }));
  let unknown = 0;
  for (const g of groups) {
    const hit = out.find((b) => g.key !== null && b.key === String(g.key));
    if (hit) hit.count += g.count;
    else unknown += g.count;
  }
  return unknown > 0 ? [...out, { ...UNKNOWN_BUCKET, count: unknown }] : out;
}

/** Buckets of bands in their order, then 未填写; groups are whole months, bands count in `unit` months (12: years). */
export function bandBuckets(groups: readonly StructureGroup[], bands: readonly { key: string; label: string; from: number; to: number }[], unit: number): StructureBucket[] {
  const out = bands.map((b) => ({ key: b.key, label: b.label, count: 0 }));
  let unknown = 0;
  for (const g of groups) {
    const hit = out.find((b) => b.key === bandOf(g.key === null ? null : Math.floor(g.key / unit), bands));
    if (hit) hit.count += g.count;
    else unknown += g.count;
  }
  return unknown > 0 ? [...out, { ...UNKNOWN_BUCKET, count: unknown }] : out;
}

/** The mean of the known whole-month values, rounded down to a whole month, or null without any. */
export function averageMonths(groups: readonly StructureGroup[]): number | null {
  let sum = 0;
  let n = 0;
  for (const g of groups) {
    if (g.key === null || g.key < 0) continue;
    sum += g.key * g.count;
    n += g.count;
  }
  return n > 0 ? Math.floor(sum / n) : null;
}

/**
 * Departments at `level` (1: top level): an employee counts for their department's ancestor at that
 * level, or for their department itself when it sits higher. Largest first; 未分配部门 last.
 */
export function departmentBuckets(groups: readonly StructureGroup[], tree: readonly { id: number; name: string; path: string; sort: number }[], level: number): StructureBucket[] {
  const byId = new Map(tree.map((d) => [d.id, d]));
  const counts = new Map<number, number>();
  let none = 0;
  for (const g of groups) {
    const d = g.key === null ? undefined : byId.get(g.key);
    if (!d) {
      none += g.count;
      continue;
    }
    const ids = d.path.split('/').filter(Boolean).map(Number);
    const at = ids[Math.min(level, ids.length) - 1] ?? d.id;
    counts.set(at, (counts.get(at) ?? 0) + g.count);
  }
  const out = [...counts.entries()]
    .map(([id, count]) => ({ key: String(id), label: byId.get(id)?.name ?? String(id), count, sort: byId.get(id)?.sort ?? 0 }))
    .sort((a, b) => b.count - a.count || a.sort - b.sort || Number(a.key) - Number(b.key))
    .map(({ sort: _s, ...b }) => b);
  return none > 0 ? [...out, { ...NO_DEPARTMENT, count: none }] : out;
}

export async function employeeStructure(services: AppServices, c: ServiceCtx, input: EmployeeStructureQuery): Promise<EmployeeStructure> {
  const today = chinaToday();
  const filter = await rosterFilterFor(services, c, zEmployeePageList.parse({ status: ON_ROSTER }));
  const by = (d: Parameters<typeof countRosterBy>[3]) => countRosterBy(c.tx, c.companyId, filter, d, today);
  const department = await by('department');
  const gender = await by('gender');
  const education = await by('education');
  const employmentType = await by('employmentType');
  const age = await by('ageMonths');
  const tenure = await by('tenureMonths');
  const tree = await listDepartmentPaths(c.tx, c.companyId);
  const avgAge = averageMonths(age);
  const avgTenure = averageMonths(tenure);
  return {
    total: department.reduce((n, g) => n + g.count, 0),
    link: { path: STAFF_ROLL_PATH, query: { status: ON_ROSTER.join(',') } },
    departmentLevel: input.departmentLevel,
    department: departmentBuckets(department, tree, input.departmentLevel),
    gender: codeBuckets(gender, GENDERS),
    age: bandBuckets(age, AGE_BANDS, 12),
    tenure: bandBuckets(tenure, TENURE_BANDS, 1),
    education: codeBuckets(education, EDUCATIONS),
    employmentType: codeBuckets(employmentType, EMPLOYMENT_TYPES),
    averageAge: avgAge === null ? null : formatYearsMonths(avgAge),
    averageTenure: avgTenure === null ? null : formatYearsMonths(avgTenure),
  };
}
