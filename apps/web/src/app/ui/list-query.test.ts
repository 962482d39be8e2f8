import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { loadVisibleColumns, saveVisibleColumns } from './column-prefs.ts';
import { cleanFilters, day, int, ints, month, oneOf, pageFix, parseListSearch, range, text, writeListSearch } from './list-query.ts';
import { initialPhoneLink, phoneLinkReducer, type PhoneLinkState } from './phone-link.ts';

const schema = { keyword: text, status: int, tab: oneOf(['due', 'done'] as const), month, ids: ints, hired: range(day) };
const defaults = { tab: 'due' as const };

describe('list filters in the URL', () => {
  it('reads filters and paging; bad or missing values take the defaults', () => {
    const s = new URLSearchParams('keyword=%E5%BC%A0&status=2&tab=done&month=2026-03&ids=1,2&hired=2026-01-01~&pageNum=3&pageSize=20&file=9');
    const { filters, page } = parseListSearch(s, schema, defaults);
    expect(filters.keyword).toBe('张');
    expect(filters.status).toBe(2);
    expect(filters.tab).toBe('done');
    expect(filters.month?.format('YYYY-MM')).toBe('2026-03');
    expect(filters.ids).toEqual([1, 2]);
    expect(filters.hired?.[0]?.format('YYYY-MM-DD')).toBe('2026-01-01');
    expect(filters.hired?.[1]).toBeNull();
    expect(page).toEqual({ pageNum: 3, pageSize: 20 });
    const bad = parseListSearch(new URLSearchParams('status=x&tab=other&month=2026-13&ids=1,a&hired=~&pageNum=-1&pageSize=abc'), schema, defaults);
    expect(bad.filters).toEqual({ tab: 'due' });
    expect(bad.page).toEqual({ pageNum: 1, pageSize: 10 });
  });

  it('writes only what differs from the defaults and keeps other parameters', () => {
    const out = writeListSearch(new URLSearchParams('file=9&keyword=old'), { filters: { keyword: ' ', tab: 'due', status: 0, month: dayjs('2026-04-01') }, page: { pageNum: 1, pageSize: 10 } }, schema, defaults);
    expect(out.toString()).toBe('file=9&status=0&month=2026-04');
    const moved = writeListSearch(new URLSearchParams(), { filters: { tab: 'done', hired: [null, dayjs('2026-02-03')] }, page: { pageNum: 2, pageSize: 50 } }, schema, defaults);
    expect(Object.fromEntries(moved)).toEqual({ tab: 'done', hired: '~2026-02-03', pageNum: '2', pageSize: '50' });
  });

  it('round-trips, with a prefix for a second list on the screen', () => {
    const state = { filters: { keyword: '李', status: 1, ids: [3] }, page: { pageNum: 4, pageSize: 20 } };
    const written = writeListSearch(new URLSearchParams('keyword=other'), state, schema, defaults, 10, 'b');
    expect(written.get('keyword')).toBe('other');
    expect(written.get('b.keyword')).toBe('李');
    const back = parseListSearch(written, schema, defaults, 10, 'b');
    expect(back).toEqual({ filters: { ...state.filters, tab: 'due' }, page: state.page });
  });

  it('cleans filters for the request: trimmed text, empties dropped', () => {
    expect(cleanFilters({ keyword: ' 王 ', status: null, name: '', ids: [], zero: 0, off: false })).toEqual({ keyword: '王', zero: 0, off: false });
  });
});

describe('page fix-up', () => {
  it('steps back from an empty page past the first to the last page with rows', () => {
    expect(pageFix({ pageNum: 3, pageSize: 10 }, 20, 0)).toEqual({ pageNum: 2, pageSize: 10 });
    expect(pageFix({ pageNum: 9, pageSize: 10 }, 31, 0)).toEqual({ pageNum: 4, pageSize: 10 });
    expect(pageFix({ pageNum: 3, pageSize: 10 }, 0, 0)).toEqual({ pageNum: 1, pageSize: 10 });
  });

  it('leaves a page with rows, the first page and an unknown total alone', () => {
    expect(pageFix({ pageNum: 3, pageSize: 10 }, 21, 1)).toBeNull();
    expect(pageFix({ pageNum: 1, pageSize: 10 }, 0, 0)).toBeNull();
    expect(pageFix({ pageNum: 2, pageSize: 10 }, undefined, 0)).toBeNull();
    expect(pageFix({ pageNum: 2, pageSize: 10 }, 25, 0)).toBeNull();
  });
});

describe('column choice', () => {
  const cols = [
    { key: 'name', title: '姓名', defaultVisible: true, locked: true },
    { key: 'no', title: '工号', defaultVisible: true },
    { key: 'rank', title: '职级', defaultVisible: false },
  ];
  it('defaults, stored choice with locked columns kept and unknown ones dropped', () => {
    const data = new Map<string, string>();
    const s = { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v) };
    expect(loadVisibleColumns(s, 'k', cols)).toEqual(['name', 'no']);
    saveVisibleColumns(s, 'k', ['rank', 'gone']);
    expect(loadVisibleColumns(s, 'k', cols)).toEqual(['name', 'rank']);
    data.set('k', '{bad');
    expect(loadVisibleColumns(s, 'k', cols)).toEqual(['name', 'no']);
  });
});

describe('phone link state machine', () => {
  type S = PhoneLinkState<{ t: string }, { v: number }, 'withdrawn'>;
  const step = (s: S, e: Parameters<typeof phoneLinkReducer<{ t: string }, { v: number }, 'withdrawn'>>[1]) => phoneLinkReducer(s, e);
  it('opens to verification, then to the view with its ticket; an update keeps the ticket', () => {
    let s: S = initialPhoneLink();
    s = step(s, { type: 'opened', open: { t: 'a' }, company: '甲公司' });
    expect(s).toEqual({ company: '甲公司', phase: { kind: 'verify', open: { t: 'a' } } });
    s = step(s, { type: 'viewed', view: { v: 1 }, ticket: 'T' });
    expect(s.phase).toEqual({ kind: 'view', open: { t: 'a' }, view: { v: 1 }, ticket: 'T' });
    s = step(s, { type: 'changed', view: { v: 2 } });
    expect(s.phase).toMatchObject({ kind: 'view', view: { v: 2 }, ticket: 'T' });
    s = step(s, { type: 'expired' });
    expect(s.phase).toEqual({ kind: 'verify', open: { t: 'a' } });
    expect(s.company).toBe('甲公司');
  });

  it('goes straight to the view with a kept ticket; a page step or an invalid link; nothing to view before opening', () => {
    const opened = step(initialPhoneLink(), { type: 'opened', open: { t: 'a' }, company: '', view: { view: { v: 1 }, ticket: 'K', company: '乙' } });
    expect(opened).toEqual({ company: '乙', phase: { kind: 'view', open: { t: 'a' }, view: { v: 1 }, ticket: 'K' } });
    expect(step(opened, { type: 'step', step: 'withdrawn' }).phase).toEqual({ kind: 'step', open: { t: 'a' }, step: 'withdrawn' });
    expect(step(opened, { type: 'invalid', message: '链接无效' }).phase).toEqual({ kind: 'invalid', message: '链接无效' });
    const loading: S = initialPhoneLink();
    expect(step(loading, { type: 'viewed', view: { v: 1 }, ticket: 'T' })).toBe(loading);
    expect(step(loading, { type: 'changed', view: { v: 1 } })).toBe(loading);
    expect(step(opened, { type: 'restart' })).toEqual(initialPhoneLink());
  });
});
