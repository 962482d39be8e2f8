import { and, count, desc, eq, ne, type SQL } from 'drizzle-orm';
import { companies, custodyDeposits, files } from '../../db/schema/index.ts';
import type { Executor } from '../../platform/db.ts';

/** Deposits into custody accounts: a company's own, and (for platform operators) every company's awaiting confirmation. */

export type DepositRecord = typeof custodyDeposits.$inferSelect;
export type DepositWithProof = DepositRecord & { proofPublicId: string | null };

const withProof = { deposit: custodyDeposits, proofPublicId: files.publicId };
const proofJoin = and(eq(files.companyId, custodyDeposits.companyId), eq(files.id, custodyDeposits.proofFileId));

export async function insertDeposit(exec: Executor, row: typeof custodyDeposits.$inferInsert): Promise<DepositRecord> {
  const [d] = await exec.insert(custodyDeposits).values(row).returning();
  return d!;
}

/** A deposit with this transfer reference that was not rejected. */
export async function findDepositByReference(exec: Executor, companyId: number, reference: string): Promise<DepositRecord | null> {
  const [d] = await exec
    .select()
    .from(custodyDeposits)
    .where(and(eq(custodyDeposits.companyId, companyId), eq(custodyDeposits.reference, reference), ne(custodyDeposits.status, 3)))
    .limit(1);
  return d ?? null;
}

export async function findDeposit(exec: Executor, companyId: number, id: number, opts: { forUpdate?: boolean } = {}): Promise<DepositRecord | null> {
  const q = exec.select().from(custodyDeposits).where(and(eq(custodyDeposits.companyId, companyId), eq(custodyDeposits.id, id))).limit(1);
  const [d] = opts.forUpdate ? await q.for('update') : await q;
  return d ?? null;
}

export async function updateDeposit(exec: Executor, companyId: number, id: number, fromStatus: number, set: Partial<typeof custodyDeposits.$inferInsert>): Promise<DepositRecord | null> {
  const [d] = await exec
    .update(custodyDeposits)
    .set(set)
    .where(and(eq(custodyDeposits.companyId, companyId), eq(custodyDeposits.id, id), eq(custodyDeposits.status, fromStatus)))
    .returning();
  return d ?? null;
}

export async function pageDeposits(exec: Executor, companyId: number, f: { status?: number }, pageNum: number, pageSize: number): Promise<{ rows: DepositWithProof[]; total: number }> {
  const conds: SQL[] = [eq(custodyDeposits.companyId, companyId)];
  if (f.status) conds.push(eq(custodyDeposits.status, f.status));
  const where = and(...conds);
  const rows = await exec
    .select(withProof)
    .from(custodyDeposits)
    .leftJoin(files, proofJoin)
    .where(where)
    .orderBy(desc(custodyDeposits.id))
    .limit(pageSize)
    .offset((pageNum - 1) * pageSize);
  const [n] = await exec.select({ n: count() }).from(custodyDeposits).where(where);
  return { rows: rows.map((r) => ({ ...r.deposit, proofPublicId: r.proofPublicId })), total: Number(n?.n ?? 0) };
}

/** Every company's deposits (platform operators, outside any tenant), with the company's name. */
export async function pageDepositsOfAllCompanies(exec: Executor, f: { status?: number }, pageNum: number, pageSize: number): Promise<{ rows: (DepositWithProof & { companyName: string })[]; total: number }> {
  const where = f.status ? eq(custodyDeposits.status, f.status) : undefined;
  const rows = await exec
    .select({ ...withProof, companyName: companies.name })
    .from(custodyDeposits)
    .innerJoin(companies, eq(companies.id, custodyDeposits.companyId))
    .leftJoin(files, proofJoin)
    .where(where)
    .orderBy(custodyDeposits.createdAt, custodyDeposits.id)
    .limit(pageSize)
    .offset((pageNum - 1) * pageSize);
  const [n] = await exec.select({ n: count() }).from(custodyDeposits).where(where);
  return { rows: rows.map((r) => ({ ...r.deposit, proofPublicId: r.proofPublicId, companyName: r.companyName })), total: Number(n?.n ?? 0) };
}

/** The first company (the demo's 杭州云帆科技), for the demo seed. */
export async function findFirstCompanyId(exec: Executor): Promise<number | null> {
  const [row] = await exec.select({ id: companies.id }).from(companies).orderBy(companies.id).limit(1);
  return row?.id ?? null;
}
