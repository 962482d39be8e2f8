import { registerExportHandler } from '../../platform/files/index.ts';
import * as q from './files.queries.ts';
import { formatChinaDateTime, chinaDayStart, chinaDayEnd } from '../../platform/china-date.ts';

export const AUDIT_LOG_EXPORT_JOB = 'files.auditLogExport';
export type AuditLogExportParams = { from?: string; to?: string };

const BATCH = 1000;

/** 操作日志 as xlsx: 时间, 操作人, 动作, 对象, 对象ID, IP — the company's whole log or the chosen days. */
export function registerAuditLogExport(): void {
  registerExportHandler<AuditLogExportParams>(AUDIT_LOG_EXPORT_JOB, async (ctx, writer) => {
    const { companyId } = ctx.job;
    const { database } = ctx.services;
    const { from, to } = ctx.job.payload;
    const range: q.AuditLogRange = { from: from ? chinaDayStart(from) : undefined, until: to ? chinaDayEnd(to) : undefined };
    const snapshot = await database.inTenant(companyId, (tx) => q.snapshotAuditLog(tx, companyId, range));
    const fixed = { ...range, maxId: snapshot.maxId };
    await ctx.progress(0, snapshot.total);

    const sheet = writer.addWorksheet('操作日志', { views: [{ state: 'frozen', ySplit: 1 }] });
    sheet.columns = [
      { header: '时间', key: 'time', width: 20 },
      { header: '操作人', key: 'actor', width: 18 },
      { header: '动作', key: 'action', width: 28 },
      { header: '对象', key: 'entity', width: 18 },
      { header: '对象ID', key: 'entityId', width: 14 },
      { header: 'IP', key: 'ip', width: 18 },
    ];
    sheet.getRow(1).font = { bold: true };

    let before: number | null = null;
    let done = 0;
    while (snapshot.total > 0) {
      const batch = await database.inTenant(companyId, (tx) => q.listAuditLogBatch(tx, companyId, fixed, before, BATCH));
      for (const r of batch) {
        const actor = r.actorUserId === null ? '系统' : (r.actorName ?? `用户${r.actorUserId}`);
        sheet.addRow([formatChinaDateTime(r.createdAt), actor, r.action, r.entity, r.entityId ?? '', r.ip ?? '']).commit();
      }
      done += batch.length;
      await ctx.progress(done, snapshot.total);
      if (batch.length < BATCH) break;
      before = batch[batch.length - 1]!.id;
    }
    sheet.commit();
  });
}
