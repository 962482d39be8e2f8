import { and, asc, desc, eq, ilike, inArray, isNull, like, or, sql, type SQL } from 'drizzle-orm';
import { companies, employees, files, platformBills, workOrderFiles, workOrderMessages, workOrders } from '../../db/schema/index.ts';
import type { Executor } from '../../platform/db.ts';

/** 工单 rows: tickets, their conversation and attachments; the operator's queue across companies. */

export type WorkOrderRow = typeof workOrders.$inferSelect;
export type NewWorkOrder = Omit<typeof workOrders.$inferInsert, 'companyId' | 'id'>;
export type MessageRow = typeof workOrderMessages.$inferSelect;
export type NewMessage = Omit<typeof workOrderMessages.$inferInsert, 'companyId' | 'id' | 'workOrderId'>;
export type AttachmentRow = { fileId: number; publicId: string; name: string; size: number; isImage: boolean; messageId: number | null };

const escapeLike = (v: string) => v.replace(/[\\%_]/g, (m) => `\\${m}`);
const live = isNull(workOrders.archivedAt);

export async function lastOrderSeq(exec: Executor, companyId: number, stem: string): Promise<number> {
  const rows = await exec
    .select({ no: workOrders.orderNo })
    .from(workOrders)
    .where(and(eq(workOrders.companyId, companyId), like(workOrders.orderNo, `${stem}%`)))
    .orderBy(desc(workOrders.orderNo))
    .limit(1);
  return rows[0] ? Number(rows[0].no.slice(stem.length)) || 0 : 0;
}

export async function insertWorkOrder(exec: Executor, companyId: number, v: NewWorkOrder): Promise<WorkOrderRow> {
  const [row] = await exec.insert(workOrders).values({ ...v, companyId }).returning();
  return row!;
}

export async function findWorkOrder(exec: Executor, companyId: number, id: number): Promise<WorkOrderRow | null> {
  const rows = await exec.select().from(workOrders).where(and(eq(workOrders.companyId, companyId), eq(workOrders.id, id), live)).limit(1);
  return rows[0] ?? null;
}

/** Changes a ticket still in `from` (status and lock as read); null when another change came first. */
export async function updateWorkOrder(exec: Executor, companyId: number, id: number, from: { status: number; locked: boolean }, set: Partial<NewWorkOrder>): Promise<WorkOrderRow | null> {
  const [row] = await exec
    .update(workOrders)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(workOrders.companyId, companyId), eq(workOrders.id, id), eq(workOrders.status, from.status), eq(workOrders.locked, from.locked), live))
    .returning();
  return row ?? null;
}

export type ListFilter = { status?: number; category?: number; keyword?: string };

function listWhere(companyId: number, f: ListFilter): SQL | undefined {
  const kw = f.keyword ? `%${escapeLike(f.keyword)}%` : null;
  return and(
    eq(workOrders.companyId, companyId),
    live,
    f.status ? eq(workOrders.status, f.status) : undefined,
    f.category ? eq(workOrders.category, f.category) : undefined,
    kw ? or(ilike(workOrders.title, kw), ilike(workOrders.orderNo, kw)) : undefined,
  );
}

// written out: inside a single-table select drizzle leaves the outer columns unqualified
const messageCount = sql<number>`(select count(*)::int from work_order_messages m where m.company_id = work_orders.company_id and m.work_order_id = work_orders.id and m.author_kind <> 'system')`;

export async function listWorkOrdersPage(exec: Executor, companyId: number, f: ListFilter, offset: number, limit: number): Promise<{ rows: (WorkOrderRow & { messageCount: number })[]; total: number }> {
  const where = listWhere(companyId, f);
  const rows = await exec.select({ row: workOrders, messageCount }).from(workOrders).where(where).orderBy(desc(workOrders.createdAt), desc(workOrders.id)).offset(offset).limit(limit);
  const [count] = await exec.select({ n: sql<number>`count(*)::int` }).from(workOrders).where(where);
  return { rows: rows.map((r) => ({ ...r.row, messageCount: Number(r.messageCount) })), total: Number(count?.n ?? 0) };
}

export async function countByStatus(exec: Executor, companyId: number): Promise<Map<number, number>> {
  const rows = await exec
    .select({ status: workOrders.status, n: sql<number>`count(*)::int` })
    .from(workOrders)
    .where(and(eq(workOrders.companyId, companyId), live))
    .groupBy(workOrders.status);
  return new Map(rows.map((r) => [r.status, Number(r.n)]));
}

export async function insertMessage(exec: Executor, companyId: number, workOrderId: number, v: NewMessage): Promise<MessageRow> {
  const [row] = await exec.insert(workOrderMessages).values({ ...v, companyId, workOrderId }).returning();
  return row!;
}

export async function listMessages(exec: Executor, companyId: number, workOrderId: number): Promise<MessageRow[]> {
  return exec
    .select()
    .from(workOrderMessages)
    .where(and(eq(workOrderMessages.companyId, companyId), eq(workOrderMessages.workOrderId, workOrderId)))
    .orderBy(asc(workOrderMessages.createdAt), asc(workOrderMessages.id));
}

export async function linkFiles(exec: Executor, companyId: number, workOrderId: number, messageId: number | null, fileIds: readonly number[]): Promise<void> {
  if (fileIds.length === 0) return;
  await exec.insert(workOrderFiles).values(fileIds.map((fileId) => ({ companyId, fileId, workOrderId, messageId })));
}

export async function listAttachments(exec: Executor, companyId: number, workOrderId: number): Promise<AttachmentRow[]> {
  return exec
    .select({ fileId: files.id, publicId: files.publicId, name: files.originalName, size: files.size, isImage: files.isImage, messageId: workOrderFiles.messageId })
    .from(workOrderFiles)
    .innerJoin(files, and(eq(files.companyId, workOrderFiles.companyId), eq(files.id, workOrderFiles.fileId), isNull(files.archivedAt)))
    .where(and(eq(workOrderFiles.companyId, companyId), eq(workOrderFiles.workOrderId, workOrderId)))
    .orderBy(asc(workOrderFiles.fileId));
}

/** The attachment of this ticket with this public id (the file's row), or null. */
export async function findAttachment(exec: Executor, companyId: number, workOrderId: number, publicId: string) {
  const rows = await exec
    .select({ file: files })
    .from(workOrderFiles)
    .innerJoin(files, and(eq(files.companyId, workOrderFiles.companyId), eq(files.id, workOrderFiles.fileId), isNull(files.archivedAt)))
    .where(and(eq(workOrderFiles.companyId, companyId), eq(workOrderFiles.workOrderId, workOrderId), eq(files.publicId, publicId)))
    .limit(1);
  return rows[0]?.file ?? null;
}

/** An employee of the company (not deleted): the label a ticket shows for it. */
export async function findEmployeeLabel(exec: Executor, companyId: number, id: number): Promise<string | null> {
  const rows = await exec
    .select({ name: employees.name, no: employees.employeeNo })
    .from(employees)
    .where(and(eq(employees.companyId, companyId), eq(employees.id, id), isNull(employees.archivedAt)))
    .limit(1);
  const r = rows[0];
  return r ? (r.no ? `${r.name}（${r.no}）` : r.name) : null;
}

/** A platform bill of the company: the label a ticket shows for it. */
export async function findBillLabel(exec: Executor, companyId: number, id: number): Promise<string | null> {
  const rows = await exec.select({ no: platformBills.billNo, title: platformBills.title }).from(platformBills).where(and(eq(platformBills.companyId, companyId), eq(platformBills.id, id))).limit(1);
  const r = rows[0];
  return r ? `${r.no} ${r.title}` : null;
}

/** The company's name (the operator's view of one ticket). */
export async function findCompanyName(exec: Executor, companyId: number): Promise<string | null> {
  const rows = await exec.select({ name: companies.name }).from(companies).where(eq(companies.id, companyId)).limit(1);
  return rows[0]?.name ?? null;
}

export type OpFilter = { status: number; keyword?: string };

function opWhere(f: OpFilter): SQL | undefined {
  const kw = f.keyword ? `%${escapeLike(f.keyword)}%` : null;
  return and(
    live,
    f.status === 0 ? inArray(workOrders.status, [1, 2, 3]) : eq(workOrders.status, f.status),
    kw ? or(ilike(companies.name, kw), ilike(workOrders.title, kw), ilike(workOrders.orderNo, kw)) : undefined,
  );
}

/**
 * The operator's queue across companies (the operator's plain transaction: only tickets and the
 * company's name are read): 待受理 first, then those waiting for a platform reply, oldest first.
 */
export async function listAcrossCompanies(exec: Executor, f: OpFilter, offset: number, limit: number): Promise<{ rows: (WorkOrderRow & { companyName: string; messageCount: number })[]; total: number }> {
  const where = opWhere(f);
  const rows = await exec
    .select({ row: workOrders, companyName: companies.name, messageCount })
    .from(workOrders)
    .innerJoin(companies, eq(companies.id, workOrders.companyId))
    .where(where)
    .orderBy(sql`(${workOrders.status} = 1) desc`, desc(workOrders.awaitingPlatform), asc(workOrders.createdAt), asc(workOrders.id))
    .offset(offset)
    .limit(limit);
  const [count] = await exec.select({ n: sql<number>`count(*)::int` }).from(workOrders).innerJoin(companies, eq(companies.id, workOrders.companyId)).where(where);
  return { rows: rows.map((r) => ({ ...r.row, companyName: r.companyName, messageCount: Number(r.messageCount) })), total: Number(count?.n ?? 0) };
}

export async function countAcrossCompanies(exec: Executor): Promise<{ byStatus: Map<number, number>; awaitingPlatform: number }> {
  const rows = await exec
    .select({ status: workOrders.status, n: sql<number>`count(*)::int`, awaiting: sql<number>`count(*) filter (where ${workOrders.awaitingPlatform})::int` })
    .from(workOrders)
    .where(live)
    .groupBy(workOrders.status);
  const open = rows.filter((r) => r.status <= 3);
  return { byStatus: new Map(rows.map((r) => [r.status, Number(r.n)])), awaitingPlatform: open.reduce((s, r) => s + Number(r.awaiting), 0) };
}
