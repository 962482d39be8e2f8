import { describe, expect, it } from 'vitest';
import { closeWithGuard, DISCARD_CONFIRM } from './confirm-discard.ts';
import { EMPTY_TEXT, formatDate, formatDateTime, formatFileSize, totalText } from './format.ts';
import { nextPage, pageAfterRemoval, PAGE_SIZE_OPTIONS, serverPagination } from './table.ts';

describe('formats', () => {
  it('dates and times, — when missing or invalid', () => {
    const d = new Date(2026, 0, 2, 3, 4, 5);
    expect(formatDateTime(d)).toBe('2026-01-02 03:04');
    expect(formatDate(d)).toBe('2026-01-02');
    expect(formatDateTime(d.toISOString())).toBe('2026-01-02 03:04');
    expect(formatDateTime(null)).toBe(EMPTY_TEXT);
    expect(formatDateTime(undefined)).toBe('—');
    expect(formatDateTime('not a date')).toBe('—');
    expect(formatDate('')).toBe('—');
  });

  it('file sizes in KB / MB / GB with one decimal', () => {
    expect(formatFileSize(0)).toBe('0.0 KB');
    expect(formatFileSize(1)).toBe('0.1 KB');
    expect(formatFileSize(512)).toBe('0.5 KB');
    expect(formatFileSize(6451)).toBe('6.3 KB');
    expect(formatFileSize(1024 * 1024 - 1)).toBe('1024.0 KB');
    expect(formatFileSize(1024 * 1024)).toBe('1.0 MB');
    expect(formatFileSize(5.25 * 1024 * 1024)).toBe('5.3 MB');
    expect(formatFileSize(3 * 1024 ** 3)).toBe('3.0 GB');
    expect(formatFileSize(null)).toBe('—');
    expect(formatFileSize(-1)).toBe('—');
    expect(formatFileSize(Number.NaN)).toBe('—');
  });

  it('共 N 条', () => {
    expect(totalText(0)).toBe('共 0 条');
    expect(totalText(1234)).toBe('共 1234 条');
  });
});

describe('server paging', () => {
  it('maps the page message to antd pagination; a new page size starts at page 1', () => {
    const changes: unknown[] = [];
    const p = serverPagination({ pageNum: 3, pageSize: 10 }, { pageNum: 3, pageSize: 10, total: 42, pages: 5, prePage: 2, nextPage: 4 }, (n) => changes.push(n));
    expect(p).toMatchObject({ current: 3, pageSize: 10, total: 42, showSizeChanger: true, pageSizeOptions: PAGE_SIZE_OPTIONS });
    expect((p.showTotal as (t: number, r: [number, number]) => string)(42, [21, 30])).toBe('共 42 条');
    p.onChange!(4, 10);
    p.onChange!(3, 20);
    expect(changes).toEqual([
      { pageNum: 4, pageSize: 10 },
      { pageNum: 1, pageSize: 20 },
    ]);
    expect(serverPagination({ pageNum: 1, pageSize: 10 }, undefined, () => undefined).total).toBe(0);
    expect(nextPage({ pageNum: 2, pageSize: 10 }, 5, 10)).toEqual({ pageNum: 5, pageSize: 10 });
  });

  it('after removing the last rows of the last page, goes back a page', () => {
    expect(pageAfterRemoval({ pageNum: 3, pageSize: 10 }, 21, 1)).toEqual({ pageNum: 2, pageSize: 10 });
    expect(pageAfterRemoval({ pageNum: 3, pageSize: 10 }, 22, 1)).toEqual({ pageNum: 3, pageSize: 10 });
    expect(pageAfterRemoval({ pageNum: 2, pageSize: 10 }, 15, 5)).toEqual({ pageNum: 1, pageSize: 10 });
    expect(pageAfterRemoval({ pageNum: 1, pageSize: 10 }, 1, 1)).toEqual({ pageNum: 1, pageSize: 10 });
  });
});

describe('unsaved-changes guard', () => {
  it('closes at once when clean; asks first when dirty', () => {
    const opened: { title?: unknown; onOk?: () => unknown }[] = [];
    const modal = { confirm: (p: { title?: unknown; onOk?: () => unknown }) => opened.push(p) };
    let closed = 0;
    closeWithGuard(modal, false, () => closed++);
    expect(closed).toBe(1);
    expect(opened).toHaveLength(0);
    closeWithGuard(modal, true, () => closed++);
    expect(closed).toBe(1);
    expect(opened[0]).toMatchObject({ title: DISCARD_CONFIRM.title, okText: '放弃修改', cancelText: '继续编辑' });
    opened[0]!.onOk!();
    expect(closed).toBe(2);
  });
});
