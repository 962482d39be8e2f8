import { and, asc, desc, eq, ilike, inArray, isNull, like, notExists, sql, type SQL } from 'drizzle-orm';
import { BILL_STATUS } from '@wfsaas/contracts';
import { companies, invoiceRequestBills, invoiceRequests, invoiceTitles, platformBills } from '../../db/schema/index.ts';
import type { Executor } from '../../platform/db.ts';

/** 发票管理 rows: titles, requests and the bills they hold, the paid platform bills still to invoice. */

export type TitleRow = typeof invoiceTitles.$inferSelect;
export type NewTitle = Omit<typeof invoiceTitles.$inferInsert, 'companyId' | 'id'>;
export type RequestRow = typeof invoiceRequests.$inferSelect;
export type NewRequest = Omit<typeof invoiceRequests.$inferInsert, 'companyId' | 'id'>;
export type RequestBillRow = { requestId: number; billId: number; billNo: string; title: string; amount: string };

export async function listTitles(exec: Executor, companyId: number): Promise<TitleRow[]> {
  return exec
    .select()
    .from(invoiceTitles)
    .where(and(eq(invoiceTitles.companyId, companyId), isNull(invoiceTitles.archivedAt)))
    .orderBy(desc(invoiceTitles.isDefault), asc(invoiceTitles.id));
}

export async function findTitle(exec: Executor, companyId: number, id: number): Promise<TitleRow | null> {
  const rows = await exec
    .select()
    .from(invoiceTitles)
    .where(and(eq(invoiceTitles.companyId, companyId), eq(invoiceTitles.id, id), isNull(invoiceTitles.archivedAt)))
    .limit(1);
  return rows[0] ?? null;
}

export async function insertTitle(exec: Executor, companyId: number, v: NewTitle): Promise<TitleRow> {
  const [row] = await exec.insert(invoiceTitles).values({ ...v, companyId }).returning();
  return row!;
}

export async function updateTitle(exec: Executor, companyId: number, id: number, v: Partial<NewTitle>): Promise<TitleRow> {
  const [row] = await exec.update(invoiceTitles).set({ ...v, updatedAt: new Date() }).where(and(eq(invoiceTitles.companyId, companyId), eq(invoiceTitles.id, id))).returning();
  return row!;
}

export async function clearDefaultTitle(exec: Executor, companyId: number): Promise<void> {
  await exec.update(invoiceTitles).set({ isDefault: false }).where(and(eq(invoiceTitles.companyId, companyId), eq(invoiceTitles.isDefault, true)));
}

const heldBy = (billId: SQL | typeof platformBills.id) =>
  sql`exists (select 1 from ${invoiceRequestBills} where ${invoiceRequestBills.companyId} = ${platformBills.companyId} and ${invoiceRequestBills.billId} = ${billId} and ${invoiceRequestBills.held})`;

/** Paid platform bills of the company that no pending or issued request holds. */
export async function listInvoiceableBills(exec: Executor, companyId: number) {
  return exec
    .select({ id: platformBills.id, billNo: platformBills.billNo, title: platformBills.title, month: platformBills.month, amount: platformBills.amount, paidAt: platformBills.paidAt })
    .from(platformBills)
    .where(
      and(
        eq(platformBills.companyId, companyId),
        eq(platformBills.status, BILL_STATUS.paid),
        notExists(
          exec
            .select({ one: sql`1` })
            .from(invoiceRequestBills)
            .where(and(eq(invoiceRequestBills.companyId, platformBills.companyId), eq(invoiceRequestBills.billId, platformBills.id), eq(invoiceRequestBills.held, true))),
        ),
      ),
    )
    .orderBy(desc(platformBills.paidAt), desc(platformBills.id));
}

/** The company's platform bills with these ids, whether a request holds each. */
export async function findBillsForRequest(exec: Executor, companyId: number, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return exec
    .select({ id: platformBills.id, billNo: platformBills.billNo, title: platformBills.title, status: platformBills.status, amount: platformBills.amount, held: sql<boolean>`${heldBy(platformBills.id)}` })
    .from(platformBills)
    .where(and(eq(platformBills.companyId, companyId), inArray(platformBills.id, [...ids])));
}

/** The last sequence used by request numbers starting with the stem. */
export async function lastRequestSeq(exec: Executor, companyId: number, stem: string): Promise<number> {
  const rows = await exec
    .select({ no: invoiceRequests.requestNo })
    .from(invoiceRequests)
    .where(and(eq(invoiceRequests.companyId, companyId), like(invoiceRequests.requestNo, `${stem}%`)))
    .orderBy(desc(invoiceRequests.requestNo))
    .limit(1);
  return rows[0] ? Number(rows[0].no.slice(stem.length)) || 0 : 0;
}

export async function insertRequest(exec: Executor, companyId: number, v: NewRequest, bills: readonly { billId: number; amount: string }[]): Promise<RequestRow> {
  const [row] = await exec.insert(invoiceRequests).values({ ...v, companyId }).returning();
  await exec.insert(invoiceRequestBills).values(bills.map((b) => ({ companyId, requestId: row!.id, billId: b.billId, amount: b.amount })));
  return row!;
}

export async function findRequest(exec: Executor, companyId: number, id: number): Promise<RequestRow | null> {
  const rows = await exec.select().from(invoiceRequests).where(and(eq(invoiceRequests.companyId, companyId), eq(invoiceRequests.id, id))).limit(1);
  return rows[0] ?? null;
}

export async function listRequestBills(exec: Executor, companyId: number, requestIds: readonly number[]): Promise<RequestBillRow[]> {
  if (requestIds.length === 0) return [];
  return exec
    .select({ requestId: invoiceRequestBills.requestId, billId: invoiceRequestBills.billId, billNo: sql<string>`coalesce(${platformBills.billNo}, '')`, title: sql<string>`coalesce(${platformBills.title}, '')`, amount: invoiceRequestBills.amount })
    .from(invoiceRequestBills)
    .leftJoin(platformBills, and(eq(platformBills.companyId, invoiceRequestBills.companyId), eq(platformBills.id, invoiceRequestBills.billId)))
    .where(and(eq(invoiceRequestBills.companyId, companyId), inArray(invoiceRequestBills.requestId, [...requestIds])))
    .orderBy(asc(invoiceRequestBills.billId));
}

export async function listRequestsPage(exec: Executor, companyId: number, status: number | undefined, offset: number, limit: number): Promise<{ rows: RequestRow[]; total: number }> {
  const where = and(eq(invoiceRequests.companyId, companyId), status ? eq(invoiceRequests.status, status) : undefined);
  const rows = await exec.select().from(invoiceRequests).where(where).orderBy(desc(invoiceRequests.id)).offset(offset).limit(limit);
  const [count] = await exec.select({ n: sql<number>`count(*)::int` }).from(invoiceRequests).where(where);
  return { rows, total: Number(count?.n ?? 0) };
}

/** Moves a request from `from` to the new status; null when it was not (anymore) in `from`. */
export async function updateRequestStatus(exec: Executor, companyId: number, id: number, from: number, set: Partial<NewRequest> & { status: number }): Promise<RequestRow | null> {
  const [row] = await exec
    .update(invoiceRequests)
    .set(set)
    .where(and(eq(invoiceRequests.companyId, companyId), eq(invoiceRequests.id, id), eq(invoiceRequests.status, from)))
    .returning();
  return row ?? null;
}

/** A rejected or withdrawn request lets its bills go (they may be requested again). */
export async function releaseRequestBills(exec: Executor, companyId: number, requestId: number): Promise<void> {
  await exec.update(invoiceRequestBills).set({ held: false }).where(and(eq(invoiceRequestBills.companyId, companyId), eq(invoiceRequestBills.requestId, requestId)));
}

/**
 * The operator's queue across companies (the operator's plain transaction: only these platform
 * records and the company's name are read).
 */
export async function listRequestsAcrossCompanies(exec: Executor, f: { status: number; keyword?: string }, offset: number, limit: number): Promise<{ rows: (RequestRow & { companyName: string })[]; total: number }> {
  const where = and(eq(invoiceRequests.status, f.status), f.keyword ? ilike(companies.name, `%${f.keyword.replace(/[\\%_]/g, (m) => `\\${m}`)}%`) : undefined);
  const rows = await exec
    .select({ row: invoiceRequests, companyName: companies.name })
    .from(invoiceRequests)
    .innerJoin(companies, eq(companies.id, invoiceRequests.companyId))
    .where(where)
    .orderBy(asc(invoiceRequests.createdAt), asc(invoiceRequests.id))
    .offset(offset)
    .limit(limit);
  const [count] = await exec.select({ n: sql<number>`count(*)::int` }).from(invoiceRequests).innerJoin(companies, eq(companies.id, invoiceRequests.companyId)).where(where);
  return { rows: rows.map((r) => ({ ...r.row, companyName: r.companyName })), total: Number(count?.n ?? 0) };
}

/** The company's name and credit code (the default invoice title of the demo seed). */
export async function findCompanyName(exec: Executor, companyId: number): Promise<{ name: string; creditCode: string | null } | null> {
  const rows = await exec.select({ name: companies.name, creditCode: companies.creditCode }).from(companies).where(eq(companies.id, companyId)).limit(1);
  return rows[0] ?? null;
}

/** The bills of requests of several companies (the operator's queue). */
export async function listRequestBillsAcross(exec: Executor, refs: readonly { companyId: number; id: number }[]): Promise<(RequestBillRow & { companyId: number })[]> {
  if (refs.length === 0) return [];
  const rows = await exec
    .select({ companyId: invoiceRequestBills.companyId, requestId: invoiceRequestBills.requestId, billId: invoiceRequestBills.billId, billNo: sql<string>`coalesce(${platformBills.billNo}, '')`, title: sql<string>`coalesce(${platformBills.title}, '')`, amount: invoiceRequestBills.amount })
    .from(invoiceRequestBills)
    .leftJoin(platformBills, and(eq(platformBills.companyId, invoiceRequestBills.companyId), eq(platformBills.id, invoiceRequestBills.billId)))
    .where(and(inArray(invoiceRequestBills.companyId, [...new Set(refs.map((r) => r.companyId))]), inArray(invoiceRequestBills.requestId, refs.map((r) => r.id))))
    .orderBy(asc(invoiceRequestBills.billId));
  const wanted = new Set(refs.map((r) => `${r.companyId}:${r.id}`));
  return rows.filter((r) => wanted.has(`${r.companyId}:${r.requestId}`));
}

/** The company's certification status (企业认证), which an invoice request needs. */
export async function companyCertification(exec: Executor, companyId: number): Promise<number> {
  const [row] = await exec.select({ status: companies.certificationStatus }).from(companies).where(eq(companies.id, companyId)).limit(1);
  return row?.status ?? 0;
}
