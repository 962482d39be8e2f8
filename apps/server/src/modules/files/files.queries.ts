import { and, count, desc, eq, gte, isNull, lt, lte, max, sql, type SQL } from 'drizzle-orm';
import { auditLog, fileExports, users } from '../../db/schema/index.ts';
import type { Executor } from '../../platform/db.ts';

/** 已完成 past its expiry reads as 已过期 even before the daily clean-up has marked it. */
const effectiveStatus = sql<number>`(case when ${fileExports.status} = 2 and ${fileExports.expiresAt} <= now() then 4 else ${fileExports.status} end)::int`;

const exportColumns = {
  id: fileExports.id,
  name: fileExports.name,
  status: effectiveStatus,
  // Clients see the file's public id, never its sequential one.
  fileId: sql<string | null>`(select f.public_id from files f where f.company_id = ${fileExports.companyId} and f.id = ${fileExports.fileId})`,
  size: fileExports.size,
  progressDone: fileExports.progressDone,
  progressTotal: fileExports.progressTotal,
  error: fileExports.error,
  createdAt: fileExports.createdAt,
  finishedAt: fileExports.finishedAt,
  expiresAt: fileExports.expiresAt,
  type: fileExports.type,
};

export type MyExportRow = { id: number; name: string; status: number; fileId: string | null; size: number | null; progressDone: number; progressTotal: number | null; error: string | null; createdAt: Date; finishedAt: Date | null; expiresAt: Date | null; type: string };

const mine = (companyId: number, userId: number) => and(eq(fileExports.companyId, companyId), eq(fileExports.userId, userId), isNull(fileExports.archivedAt));

export async function listMyExportsPage(exec: Executor, companyId: number, userId: number, opts: { status?: number; offset: number; limit: number }): Promise<{ rows: MyExportRow[]; total: number }> {
  const where = opts.status === undefined ? mine(companyId, userId) : and(mine(companyId, userId), eq(effectiveStatus, opts.status));
  const [totalRow] = await exec.select({ n: count() }).from(fileExports).where(where);
  const rows = await exec.select(exportColumns).from(fileExports).where(where).orderBy(desc(fileExports.createdAt), desc(fileExports.id)).offset(opts.offset).limit(opts.limit);
  return { rows: rows.map((r) => ({ ...r, status: Number(r.status) })), total: Number(totalRow?.n ?? 0) };
}

export async function findMyExport(exec: Executor, companyId: number, userId: number, id: number): Promise<MyExportRow | null> {
  const rows = await exec
    .select(exportColumns)
    .from(fileExports)
    .where(and(mine(companyId, userId), eq(fileExports.id, id)))
    .limit(1);
  const r = rows[0];
  return r ? { ...r, status: Number(r.status) } : null;
}

export async function archiveMyExport(exec: Executor, companyId: number, userId: number, id: number): Promise<boolean> {
  const rows = await exec
    .update(fileExports)
    .set({ archivedAt: sql`now()` })
    .where(and(mine(companyId, userId), eq(fileExports.id, id)))
    .returning({ id: fileExports.id });
  return rows.length === 1;
}

export async function countMyExportsByStatus(exec: Executor, companyId: number, userId: number): Promise<Map<number, number>> {
  const rows = await exec.select({ status: effectiveStatus, n: count() }).from(fileExports).where(mine(companyId, userId)).groupBy(effectiveStatus);
  return new Map(rows.map((r) => [Number(r.status), Number(r.n)]));
}

/** Rows created in [from, until), up to the row maxId (the export's snapshot). */
export type AuditLogRange = { from?: Date; until?: Date; maxId?: number };

function auditRange(companyId: number, range: AuditLogRange): SQL {
  const conds = [eq(auditLog.companyId, companyId)];
  if (range.from) conds.push(gte(auditLog.createdAt, range.from));
  if (range.until) conds.push(lt(auditLog.createdAt, range.until));
  if (range.maxId !== undefined) conds.push(lte(auditLog.id, range.maxId));
  return and(...conds)!;
}

/** How many rows the range holds and the newest row's id, so an export reads a fixed set. */
export async function snapshotAuditLog(exec: Executor, companyId: number, range: AuditLogRange): Promise<{ total: number; maxId: number }> {
  const [r] = await exec.select({ n: count(), maxId: max(auditLog.id) }).from(auditLog).where(auditRange(companyId, range));
  return { total: Number(r?.n ?? 0), maxId: Number(r?.maxId ?? 0) };
}

export type AuditLogLine = { id: number; createdAt: Date; actorName: string | null; actorUserId: number | null; action: string; entity: string; entityId: string | null; ip: string | null };

/** One batch of the company's audit log, newest first, after the row `beforeId` (keyset paging). */
export async function listAuditLogBatch(exec: Executor, companyId: number, range: AuditLogRange, beforeId: number | null, limit: number): Promise<AuditLogLine[]> {
  const where = beforeId === null ? auditRange(companyId, range) : and(auditRange(companyId, range), lt(auditLog.id, beforeId));
  return exec
    .select({
      id: auditLog.id,
      createdAt: auditLog.createdAt,
      actorName: users.nickname,
      actorUserId: auditLog.actorUserId,
      action: auditLog.action,
      entity: auditLog.entity,
      entityId: auditLog.entityId,
      ip: auditLog.ip,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorUserId))
    .where(where)
    .orderBy(desc(auditLog.id))
    .limit(limit);
}
