import type { StatusTone } from '../../app/ui/StatusTag.tsx';

/** An export in the caller's downloads centre (POST /wfsaas-file/api/fileInfo/page). */
export type ExportView = {
  id: number;
  name: string;
  /** 0 排队中, 1 生成中, 2 已完成, 3 失败, 4 已过期 */
  status: number;
  statusName: string;
  fileName: string;
  fileId: string | null;
  size: number | null;
  progressDone: number;
  progressTotal: number | null;
  error: string | null;
  createdAt: string;
  finishedAt: string | null;
  expiresAt: string | null;
};

export type ExportStats = { queued: number; generating: number; completed: number; failed: number; expired: number; exporting: number; total: number };

export const EXPORT_STATUS = { queued: 0, generating: 1, completed: 2, failed: 3, expired: 4 } as const;

/** Status tones: 排队中 grey, 生成中 blue, 已完成 green, 失败 red, 已过期 default. */
export const EXPORT_STATUS_META: Record<number, { label: string; tone: StatusTone }> = {
  0: { label: '排队中', tone: 'pending' },
  1: { label: '生成中', tone: 'processing' },
  2: { label: '已完成', tone: 'success' },
  3: { label: '失败', tone: 'error' },
  4: { label: '已过期', tone: 'default' },
};

export function exportStatusMeta(status: number): { label: string; tone: StatusTone } {
  return EXPORT_STATUS_META[status] ?? { label: '未知', tone: 'default' };
}

/** While anything is queued or being generated, the list refreshes every 3 s. */
export const ACTIVE_POLL_MS = 3_000;

export function isActiveExport(status: number): boolean {
  return status === EXPORT_STATUS.queued || status === EXPORT_STATUS.generating;
}

export function hasActiveExports(rows: readonly Pick<ExportView, 'status'>[] | null | undefined, stats?: Pick<ExportStats, 'exporting'> | null): boolean {
  return (stats?.exporting ?? 0) > 0 || (rows ?? []).some((r) => isActiveExport(r.status));
}

/** Percent done of a generating export (0–99 until it completes), or null while the total is unknown. */
export function exportPercent(row: Pick<ExportView, 'status' | 'progressDone' | 'progressTotal'>): number | null {
  if (row.status === EXPORT_STATUS.completed) return 100;
  if (!row.progressTotal || row.progressTotal <= 0) return null;
  return Math.max(0, Math.min(99, Math.floor((row.progressDone / row.progressTotal) * 100)));
}

/** The status tabs: 全部 and each status, with counts from fileInfo/stat. */
export const EXPORT_TABS: readonly { key: string; label: string; status: number | undefined; stat: keyof ExportStats }[] = [
  { key: 'all', label: '全部', status: undefined, stat: 'total' },
  { key: 'queued', label: '排队中', status: 0, stat: 'queued' },
  { key: 'generating', label: '生成中', status: 1, stat: 'generating' },
  { key: 'completed', label: '已完成', status: 2, stat: 'completed' },
  { key: 'failed', label: '失败', status: 3, stat: 'failed' },
  { key: 'expired', label: '已过期', status: 4, stat: 'expired' },
];

export function exportTab(key: string | null | undefined) {
  return EXPORT_TABS.find((t) => t.key === key) ?? EXPORT_TABS[0]!;
}

/** A completed export whose expiry is within a day shows as about to expire (orange). */
export function expiresSoon(row: Pick<ExportView, 'status' | 'expiresAt'>, now: Date = new Date()): boolean {
  if (row.status !== EXPORT_STATUS.completed || !row.expiresAt) return false;
  const left = new Date(row.expiresAt).getTime() - now.getTime();
  return left > 0 && left < 24 * 60 * 60 * 1000;
}

/** The body of exportAuditLog from a picked date range (both ends optional). */
export function auditLogExportBody(range: readonly [{ format: (f: string) => string } | null, { format: (f: string) => string } | null] | null | undefined): { from?: string; to?: string } {
  const [from, to] = range ?? [null, null];
  return { ...(from ? { from: from.format('YYYY-MM-DD') } : {}), ...(to ? { to: to.format('YYYY-MM-DD') } : {}) };
}
