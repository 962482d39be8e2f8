import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { auditLogExportBody, EXPORT_TABS, exportPercent, exportStatusMeta, exportTab, expiresSoon, hasActiveExports, isActiveExport } from './downloads.ts';

describe('downloads centre', () => {
  it('status Tags: 排队中 grey, 生成中 blue, 已完成 green, 失败 red, 已过期 default', () => {
    expect([0, 1, 2, 3, 4].map((s) => [exportStatusMeta(s).label, exportStatusMeta(s).tone])).toEqual([
      ['排队中', 'pending'],
      ['生成中', 'processing'],
      ['已完成', 'success'],
      ['失败', 'error'],
      ['已过期', 'default'],
    ]);
    expect(exportStatusMeta(9)).toEqual({ label: '未知', tone: 'default' });
  });

  it('polls while something is queued or generating (rows or stats)', () => {
    expect([0, 1, 2, 3, 4].map(isActiveExport)).toEqual([true, true, false, false, false]);
    expect(hasActiveExports([{ status: 2 }, { status: 1 }])).toBe(true);
    expect(hasActiveExports([{ status: 2 }, { status: 4 }])).toBe(false);
    expect(hasActiveExports(null, { exporting: 1 })).toBe(true);
    expect(hasActiveExports([], { exporting: 0 })).toBe(false);
    expect(hasActiveExports(undefined)).toBe(false);
  });

  it('progress percent of a generating export', () => {
    expect(exportPercent({ status: 1, progressDone: 0, progressTotal: null })).toBeNull();
    expect(exportPercent({ status: 1, progressDone: 0, progressTotal: 0 })).toBeNull();
    expect(exportPercent({ status: 1, progressDone: 50, progressTotal: 200 })).toBe(25);
    expect(exportPercent({ status: 1, progressDone: 200, progressTotal: 200 })).toBe(99);
    expect(exportPercent({ status: 2, progressDone: 0, progressTotal: null })).toBe(100);
  });

  it('status tabs with their stat counters', () => {
    expect(EXPORT_TABS.map((t) => t.label)).toEqual(['全部', '排队中', '生成中', '已完成', '失败', '已过期']);
    expect(exportTab('completed')).toMatchObject({ status: 2, stat: 'completed' });
    expect(exportTab(null)).toMatchObject({ key: 'all', status: undefined, stat: 'total' });
    expect(exportTab('junk').key).toBe('all');
  });

  it('a completed export within a day of expiry is about to expire', () => {
    const now = new Date('2026-03-01T00:00:00Z');
    expect(expiresSoon({ status: 2, expiresAt: '2026-03-01T12:00:00Z' }, now)).toBe(true);
    expect(expiresSoon({ status: 2, expiresAt: '2026-03-03T00:00:00Z' }, now)).toBe(false);
    expect(expiresSoon({ status: 2, expiresAt: '2026-02-28T00:00:00Z' }, now)).toBe(false);
    expect(expiresSoon({ status: 4, expiresAt: '2026-03-01T12:00:00Z' }, now)).toBe(false);
    expect(expiresSoon({ status: 2, expiresAt: null }, now)).toBe(false);
  });

  it('the audit-log export body from a date range', () => {
    expect(auditLogExportBody(null)).toEqual({});
    expect(auditLogExportBody([dayjs('2026-01-05'), dayjs('2026-02-01')])).toEqual({ from: '2026-01-05', to: '2026-02-01' });
    expect(auditLogExportBody([null, dayjs('2026-02-01')])).toEqual({ to: '2026-02-01' });
    expect(auditLogExportBody([dayjs('2026-01-05'), null])).toEqual({ from: '2026-01-05' });
  });
});
