import type { AuditLogExport, ExportPage } from '@wfsaas/contracts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { EXPORT_STATUS, EXPORT_STATUS_NAMES, exportFileExtension, startExport } from '../../platform/files/index.ts';
import { Paged, type ServiceCtx } from '../../platform/http.ts';
import type { AppServices } from '../../platform/services.ts';
import { issueTempTokens } from '../auth/index.ts';
import { AUDIT_LOG_EXPORT_JOB, type AuditLogExportParams } from './audit-log-export.ts';
import * as q from './files.queries.ts';
import { downloadUrl } from './files.service.ts';


export type ExportView = Omit<q.MyExportRow, 'type'> & { statusName: string; fileName: string };

function view({ type, ...r }: q.MyExportRow): ExportView {
  return { ...r, statusName: EXPORT_STATUS_NAMES[r.status] ?? '', fileName: `${r.name}.${exportFileExtension(type)}` };
}

async function requireMine(c: ServiceCtx, id: number): Promise<q.MyExportRow> {
  const row = await q.findMyExport(c.tx, c.companyId, c.user.userId, id);
  if (!row) throw notFound('导出记录');
  return row;
}

/** The caller's own exports, newest first. */
export async function pageMyExports(c: ServiceCtx, body: ExportPage): Promise<Paged<ExportView>> {
  const { rows, total } = await q.listMyExportsPage(c.tx, c.companyId, c.user.userId, {
    status: body.status,
    offset: (body.pageNum - 1) * body.pageSize,
    limit: body.pageSize,
  });
  return new Paged(rows.map(view), body.pageNum, body.pageSize, total);
}

export async function myExportDetail(c: ServiceCtx, id: number): Promise<ExportView> {
  return view(await requireMine(c, id));
}

/** Removes the export from the caller's list; its file stays until it expires. */
export async function removeMyExport(c: ServiceCtx, id: number): Promise<null> {
  const row = await requireMine(c, id);
  await q.archiveMyExport(c.tx, c.companyId, c.user.userId, id);
  await c.audit({ action: 'fileExport.remove', entity: 'file_export', entityId: id, before: { name: row.name, status: row.status } });
  return null;
}

/** A single-use link (ten minutes) to the export's file: only a completed export that has not expired. */
export async function myExportDownloadLink(services: AppServices, c: ServiceCtx, id: number) {
  const row = await requireMine(c, id);
  if (row.status !== EXPORT_STATUS.completed || row.fileId === null) throw badRequest('文件尚未生成或已过期');
  const [token] = await issueTempTokens(services, c.tx, c.user, c.companyId, 1);
  return { url: downloadUrl(row.fileId, token!), fileName: `${row.name}.${exportFileExtension(row.type)}`, size: row.size };
}

/** Counts of the caller's exports per status, and how many are still being made (for the bell). */
export async function myExportStats(c: ServiceCtx) {
  const counts = await q.countMyExportsByStatus(c.tx, c.companyId, c.user.userId);
  const n = (s: number) => counts.get(s) ?? 0;
  return {
    queued: n(EXPORT_STATUS.queued),
    generating: n(EXPORT_STATUS.generating),
    completed: n(EXPORT_STATUS.completed),
    failed: n(EXPORT_STATUS.failed),
    expired: n(EXPORT_STATUS.expired),
    exporting: n(EXPORT_STATUS.queued) + n(EXPORT_STATUS.generating),
    total: [...counts.values()].reduce((a, b) => a + b, 0),
  };
}

function auditLogExportName(from?: string, to?: string): string {
  if (from && to) return `操作日志_${from}_${to}`;
  if (from) return `操作日志_${from}起`;
  if (to) return `操作日志_截至${to}`;
  return '操作日志_全部';
}

/** Queues the company's audit log as an xlsx in the caller's downloads centre. */
export async function requestAuditLogExport(services: AppServices, c: ServiceCtx, body: AuditLogExport): Promise<ExportView> {
  const params: AuditLogExportParams = { from: body.from, to: body.to };
  // The same request within ten seconds (a double click) makes one export.
  const window = Math.floor(Date.now() / 10_000);
  const row = await startExport(c.tx, services, {
    companyId: c.companyId,
    userId: c.user.userId,
    name: auditLogExportName(body.from, body.to),
    jobType: AUDIT_LOG_EXPORT_JOB,
    payload: params,
    idempotencyKey: `auditLog:${c.user.userId}:${body.from ?? ''}:${body.to ?? ''}:${window}`,
  });
  await c.audit({ action: 'auditLog.export', entity: 'file_export', entityId: row.id, after: { name: row.name, from: body.from ?? null, to: body.to ?? null } });
  return myExportDetail(c, row.id);
}
