import { and, asc, count, desc, eq, gt, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import {
  companies,
  companyCertificates,
  contractTypes,
  departments,
  econtractEvents,
  econtracts,
  employees,
  positions,
  seals,
  signPackages,
  users,
} from '../../db/schema/index.ts';
import { rowsOf, type Executor } from '../../platform/db.ts';

/** The contracts' reads and writes: companies, employees, contracts, their evidence and the company certificates; each takes the company id. */

export const like = (v: string) => `%${v.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;

export type ContractRow = typeof econtracts.$inferSelect;
export type StoredEvent = typeof econtractEvents.$inferSelect;
export type CertificateRow = typeof companyCertificates.$inferSelect;

// ── Companies ──

export async function findCompany(exec: Executor, companyId: number): Promise<{ id: number; name: string; creditCode: string | null; certificationStatus: number } | null> {
  const [row] = await exec
    .select({ id: companies.id, name: companies.name, creditCode: companies.creditCode, certificationStatus: companies.certificationStatus })
    .from(companies).where(eq(companies.id, companyId)).limit(1);
  return row ?? null;
}

export async function findFirstCompany(exec: Executor): Promise<{ id: number; name: string } | null> {
  const [row] = await exec.select({ id: companies.id, name: companies.name }).from(companies).orderBy(asc(companies.id)).limit(1);
  return row ?? null;
}

// ── Employees ──

export async function findEmployeeForContract(exec: Executor, companyId: number, employeeId: number) {
  const [r] = await exec
    .select({ e: employees, dept: departments.name, pos: positions.name, companyName: companies.name, creditCode: companies.creditCode })
    .from(employees)
    .leftJoin(departments, and(eq(departments.companyId, employees.companyId), eq(departments.id, employees.departmentId)))
    .leftJoin(positions, and(eq(positions.companyId, employees.companyId), eq(positions.id, employees.positionId)))
    .innerJoin(companies, eq(companies.id, employees.companyId))
    .where(and(eq(employees.companyId, companyId), eq(employees.id, employeeId), isNull(employees.archivedAt)))
    .limit(1);
  return r ?? null;
}

export async function findFirstEmployeeId(exec: Executor, companyId: number): Promise<number | null> {
  const [r] = await exec
    .select({ id: employees.id })
    .from(employees)
    .where(and(eq(employees.companyId, companyId), isNull(employees.archivedAt)))
    .orderBy(asc(employees.id))
    .limit(1);
  return r?.id ?? null;
}

export async function findEmployeeMobile(exec: Executor, companyId: number, employeeId: number): Promise<{ mobileEnc: string | null; companyName: string; name: string } | null> {
  const [e] = await exec
    .select({ mobileEnc: employees.mobileEnc, companyName: companies.name, name: employees.name })
    .from(employees)
    .innerJoin(companies, eq(companies.id, employees.companyId))
    .where(and(eq(employees.companyId, companyId), eq(employees.id, employeeId)))
    .limit(1);
  return e ?? null;
}

export async function listEmployeeNames(exec: Executor, companyId: number, ids: number[]): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  if (ids.length === 0) return out;
  for (const e of await exec
    .select({ id: employees.id, name: employees.name })
    .from(employees)
    .where(and(eq(employees.companyId, companyId), inArray(employees.id, ids)))) {
    out.set(e.id, e.name);
  }
  return out;
}

export async function findFirstLiveSeal(exec: Executor, companyId: number): Promise<typeof seals.$inferSelect | null> {
  const [row] = await exec
    .select()
    .from(seals)
    .where(and(eq(seals.companyId, companyId), isNull(seals.archivedAt), eq(seals.status, 1)))
    .orderBy(asc(seals.id))
    .limit(1);
  return row ?? null;
}

// ── Contracts ──

export async function findContract(exec: Executor, companyId: number, id: number): Promise<ContractRow | null> {
  const [row] = await exec
    .select()
    .from(econtracts)
    .where(and(eq(econtracts.companyId, companyId), eq(econtracts.id, id)))
    .limit(1);
  return row ?? null;
}

/** Locks the contract row for the rest of the transaction. */
export async function lockContract(exec: Executor, companyId: number, id: number): Promise<void> {
  await exec.execute(sql`select id from ${econtracts} where company_id = ${companyId} and id = ${id} for update`);
}

export async function insertContract(exec: Executor, v: typeof econtracts.$inferInsert): Promise<ContractRow> {
  return (await exec.insert(econtracts).values(v).returning())[0]!;
}

export async function updateContract(exec: Executor, companyId: number, id: number, set: Partial<ContractRow>): Promise<ContractRow> {
  const [row] = await exec
    .update(econtracts)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(econtracts.companyId, companyId), eq(econtracts.id, id)))
    .returning();
  return row!;
}

export async function listUnfinishedContractsOfEmployee(exec: Executor, companyId: number, employeeId: number): Promise<ContractRow[]> {
  return exec
    .select()
    .from(econtracts)
    .where(and(eq(econtracts.companyId, companyId), eq(econtracts.employeeId, employeeId), inArray(econtracts.status, [0, 1, 5])));
}

export async function countEmployeesOfJob(exec: Executor, companyId: number, jobId: number): Promise<number> {
  const [ok] = await exec
    .select({ n: sql<number>`count(distinct ${econtracts.employeeId})` })
    .from(econtracts)
    .where(and(eq(econtracts.companyId, companyId), eq(econtracts.jobId, jobId)));
  return Number(ok?.n ?? 0);
}

export type ContractFilter = {
  /** 0–6; 4 = signed and ending between `today` and `expiringUntil`. */
  signStatus?: number;
  today: string;
  expiringUntil: string;
  keyword?: string;
  contractTypeId?: number;
  form?: number;
  complete?: number;
  /** 1: the signing completed; 0: not yet. */
  signed?: number;
  employeeId?: number;
  awaitingCompany?: boolean;
  initiatedFrom?: string;
  initiatedTo?: string;
  contractId?: number;
};

function contractWhere(companyId: number, f: ContractFilter): SQL {
  const parts: SQL[] = [eq(econtracts.companyId, companyId)];
  const expiring = sql`(${econtracts.status} = 2 and ${econtracts.contractEnd} between ${f.today} and ${f.expiringUntil})`;
  if (f.signStatus === 4) parts.push(expiring);
  else if (f.signStatus === 2) parts.push(and(eq(econtracts.status, 2), sql`not ${expiring}`)!);
  else if (f.signStatus !== undefined) parts.push(eq(econtracts.status, f.signStatus));
  if (f.keyword) {
    const k = like(f.keyword);
    parts.push(or(ilike(econtracts.title, k), ilike(employees.name, k), ilike(employees.employeeNo, k), ilike(econtracts.contractNo, k))!);
  }
  if (f.contractTypeId) parts.push(eq(econtracts.contractTypeId, f.contractTypeId));
  if (f.form) parts.push(eq(econtracts.form, f.form));
  if (f.complete !== undefined) parts.push(eq(econtracts.complete, f.complete));
  if (f.signed !== undefined) parts.push(f.signed === 1 ? sql`${econtracts.completedAt} is not null` : sql`${econtracts.completedAt} is null`);
  if (f.employeeId) parts.push(eq(econtracts.employeeId, f.employeeId));
  if (f.contractId) parts.push(eq(econtracts.id, f.contractId));
  if (f.awaitingCompany) {
    parts.push(
      sql`${econtracts.form} = 1 and ${econtracts.status} in (0, 1) and ${econtracts.companySignedAt} is null and (${econtracts.signOrder} <> 2 or ${econtracts.employeeSignedAt} is not null)`,
    );
  }
  if (f.initiatedFrom) parts.push(sql`${econtracts.createdAt} >= (${f.initiatedFrom}::date)::timestamp at time zone 'Asia/Shanghai'`);
  if (f.initiatedTo) parts.push(sql`${econtracts.createdAt} < ((${f.initiatedTo}::date + 1)::timestamp at time zone 'Asia/Shanghai')`);
  return and(...parts)!;
}

export type ContractListRow = {
  c: ContractRow;
  employeeName: string;
  employeeNo: string | null;
  mobileMasked: string | null;
  departmentName: string | null;
  typeName: string | null;
  packageName: string | null;
  initiatorName: string | null;
};

/** Contracts with their employee, department, type, package and initiator, newest first. */
export async function listContracts(exec: Executor, companyId: number, f: ContractFilter, offset: number, limit: number): Promise<{ rows: ContractListRow[]; total: number }> {
  const where = contractWhere(companyId, f);
  const [total] = await exec
    .select({ n: count() })
    .from(econtracts)
    .innerJoin(employees, and(eq(employees.companyId, econtracts.companyId), eq(employees.id, econtracts.employeeId)))
    .where(where);
  const rows = await exec
    .select({
      c: econtracts,
      employeeName: employees.name,
      employeeNo: employees.employeeNo,
      mobileMasked: employees.mobileMasked,
      departmentName: departments.name,
      typeName: contractTypes.name,
      packageName: signPackages.name,
      initiatorName: users.nickname,
    })
    .from(econtracts)
    .innerJoin(employees, and(eq(employees.companyId, econtracts.companyId), eq(employees.id, econtracts.employeeId)))
    .leftJoin(departments, and(eq(departments.companyId, employees.companyId), eq(departments.id, employees.departmentId)))
    .leftJoin(contractTypes, and(eq(contractTypes.companyId, econtracts.companyId), eq(contractTypes.id, econtracts.contractTypeId)))
    .leftJoin(signPackages, and(eq(signPackages.companyId, econtracts.companyId), eq(signPackages.id, econtracts.packageId)))
    .leftJoin(users, eq(users.id, econtracts.initiatedBy))
    .where(where)
    .orderBy(desc(econtracts.createdAt), desc(econtracts.id))
    .offset(offset)
    .limit(limit);
  return { rows, total: Number(total?.n ?? 0) };
}

// ── Evidence ──

export async function findLastEvent(exec: Executor, companyId: number, contractId: number): Promise<{ seq: number; hash: string } | null> {
  const [last] = await exec
    .select({ seq: econtractEvents.seq, hash: econtractEvents.hash })
    .from(econtractEvents)
    .where(and(eq(econtractEvents.companyId, companyId), eq(econtractEvents.contractId, contractId)))
    .orderBy(desc(econtractEvents.seq))
    .limit(1);
  return last ?? null;
}

export async function insertEvents(exec: Executor, rows: (typeof econtractEvents.$inferInsert)[]): Promise<void> {
  await exec.insert(econtractEvents).values(rows);
}

export async function listEvents(exec: Executor, companyId: number, contractId: number): Promise<StoredEvent[]> {
  return exec
    .select()
    .from(econtractEvents)
    .where(and(eq(econtractEvents.companyId, companyId), eq(econtractEvents.contractId, contractId)))
    .orderBy(econtractEvents.seq);
}

// ── Company certificates ──

export async function findValidCertificate(exec: Executor, companyId: number, validAfter: Date): Promise<CertificateRow | null> {
  const [row] = await exec
    .select()
    .from(companyCertificates)
    .where(and(eq(companyCertificates.companyId, companyId), gt(companyCertificates.notAfter, validAfter)))
    .orderBy(desc(companyCertificates.notAfter))
    .limit(1);
  return row ?? null;
}

export async function insertCertificate(exec: Executor, v: typeof companyCertificates.$inferInsert): Promise<void> {
  await exec.insert(companyCertificates).values(v);
}

/** Companies with a signed contract whose term ended before the day (the daily expiry job's companies). */
export async function listCompaniesWithExpiredContracts(exec: Executor): Promise<number[]> {
  const rows = rowsOf<{ company_id: string | number }>(
    await exec.execute(sql`select distinct company_id from econtracts where status = 2 and contract_end < (now() at time zone 'Asia/Shanghai')::date`),
  );
  return rows.map((r) => Number(r.company_id));
}

/** Signed contracts of the company whose term ended before the day, locked. */
export async function listExpiredContracts(exec: Executor, companyId: number, day: string): Promise<ContractRow[]> {
  return exec
    .select()
    .from(econtracts)
    .where(and(eq(econtracts.companyId, companyId), eq(econtracts.status, 2), sql`${econtracts.contractEnd} < ${day}`))
    .for('update');
}
