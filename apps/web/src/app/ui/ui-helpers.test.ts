import { isValidUscc } from '@wfsaas/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryStorage } from '../session/storage.ts';
import { COMPANY_MISMATCH_ALERT, isCompanyMismatch } from './company-mismatch.ts';
import { DELETE_CONFIRM, confirmDelete, deleteConfirmProps } from './confirm-delete.ts';
import { debounce, debounceScroll, DEBOUNCE_MS, isNearBottom, LOAD_MORE_DISTANCE, SCROLL_DEBOUNCE_MS } from './debounce.ts';
import { appendUiError, logUiError, readUiErrors, UI_ERROR_LOG_KEY, UI_ERROR_LOG_MAX } from './error-log.ts';
import { validateCompanyName, validatePhone, validateSmsCode, validateUscc } from './validators.ts';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('debounce helpers', () => {
  it('defaults: 1000 ms, scroll 200 ms, load-more distance 0', () => {
    expect(DEBOUNCE_MS).toBe(1000);
    expect(SCROLL_DEBOUNCE_MS).toBe(200);
    expect(LOAD_MORE_DISTANCE).toBe(0);
  });

  it('calls once with the last arguments after 1000 ms of quiet', () => {
    vi.useFakeTimers();
    const calls: number[] = [];
    const d = debounce((n: number) => calls.push(n));
    d(1);
    vi.advanceTimersByTime(500);
    d(2);
    vi.advanceTimersByTime(999);
    expect(calls).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(calls).toEqual([2]);
  });

  it('scroll debounce waits 200 ms; leading mode fires at once; cancel drops a pending call', () => {
    vi.useFakeTimers();
    const calls: string[] = [];
    const s = debounceScroll(() => calls.push('s'));
    s();
    vi.advanceTimersByTime(199);
    expect(calls).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(calls).toEqual(['s']);
    const l = debounce(() => calls.push('l'), 1000, { leading: true });
    l();
    l();
    expect(calls).toEqual(['s', 'l']);
    const c = debounce(() => calls.push('c'));
    c();
    c.cancel();
    vi.advanceTimersByTime(2000);
    expect(calls).toEqual(['s', 'l', 'l']);
  });

  it('load more at the very bottom by default', () => {
    expect(isNearBottom({ scrollTop: 90, clientHeight: 10, scrollHeight: 100 })).toBe(true);
    expect(isNearBottom({ scrollTop: 89, clientHeight: 10, scrollHeight: 100 })).toBe(false);
    expect(isNearBottom({ scrollTop: 80, clientHeight: 10, scrollHeight: 100 }, 10)).toBe(true);
  });
});

describe('UI error log', () => {
  it('keeps the newest 50 entries in local storage', () => {
    expect(UI_ERROR_LOG_MAX).toBe(50);
    const storage = createMemoryStorage();
    for (let i = 0; i < 55; i++) appendUiError(storage, { at: 't', source: 'error', message: `e${i}` });
    const list = readUiErrors(storage);
    expect(list).toHaveLength(50);
    expect(list[0]!.message).toBe('e5');
    expect(list[49]!.message).toBe('e54');
    expect(JSON.parse(storage.getItem(UI_ERROR_LOG_KEY)!)).toHaveLength(50);
  });

  it('logs an Error with its stack and the page', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const storage = createMemoryStorage();
    const e = logUiError(storage, 'react', new Error('boom'), '/home', new Date('2026-01-01T00:00:00Z'));
    expect(e).toMatchObject({ at: '2026-01-01T00:00:00.000Z', source: 'react', message: 'boom', url: '/home' });
    expect(readUiErrors(storage)[0]!.stack).toContain('boom');
  });

  it('survives a corrupted log', () => {
    const storage = createMemoryStorage({ [UI_ERROR_LOG_KEY]: '{not json' });
    expect(readUiErrors(storage)).toEqual([]);
    appendUiError(storage, { at: 't', source: 'error', message: 'x' });
    expect(readUiErrors(storage)).toHaveLength(1);
  });
});

describe('delete confirmation', () => {
  it('title 确认是否删除?, 确定 / 取消, type warning', () => {
    expect(DELETE_CONFIRM).toEqual({ title: '确认是否删除?', okText: '确定', cancelText: '取消', type: 'warning' });
    const onOk = () => undefined;
    expect(deleteConfirmProps(onOk, '删除后不可恢复')).toMatchObject({ title: '确认是否删除?', okText: '确定', cancelText: '取消', type: 'warning', content: '删除后不可恢复', onOk });
    const opened: unknown[] = [];
    confirmDelete({ confirm: (p) => opened.push(p) }, onOk);
    expect(opened[0]).toMatchObject(DELETE_CONFIRM);
  });
});

describe('company mismatch', () => {
  it('alerts when the stored company is no longer the page company', () => {
    expect(COMPANY_MISMATCH_ALERT).toEqual({ content: '当前公司与登录公司不一致，需重新加载页面', okText: '确定' });
    expect(isCompanyMismatch(1, '1')).toBe(false);
    expect(isCompanyMismatch(1, '2')).toBe(true);
    expect(isCompanyMismatch(1, null)).toBe(true);
    expect(isCompanyMismatch(null, '2')).toBe(false);
  });
});

describe('form validation messages', () => {
  it('phone', () => {
    expect(validatePhone('')).toBe('请输入手机号');
    expect(validatePhone('1380000000')).toBe('请输入正确的11位手机号');
    expect(validatePhone('12800000000')).toBe('请输入正确的11位手机号');
    expect(validatePhone(' 13800000000 ')).toBeNull();
    expect(validatePhone('', '联系电话')).toBe('请输入联系电话');
  });
  it('SMS code', () => {
    expect(validateSmsCode('')).toBe('请输入验证码');
    expect(validateSmsCode('12345')).toBe('验证码为6位数字');
    expect(validateSmsCode('123456')).toBeNull();
  });
  it('USCC uses the same check as the server', () => {
    for (const code of ['91330106MA2H0Q1X72', '91310115MA1K4B2C3J']) {
      expect(isValidUscc(code)).toBe(true);
      expect(validateUscc(code)).toBeNull();
      expect(validateUscc(code.toLowerCase())).toBeNull();
    }
    expect(validateUscc('')).toBe('请输入统一社会信用代码');
    expect(validateUscc('9133010')).toBe('统一社会信用代码应为18位');
    expect(validateUscc('91330106MA2H0Q1X73')).toBe('统一社会信用代码不正确，请核对（校验位不符）');
  });
  it('company name', () => {
    expect(validateCompanyName(' ')).toBe('请输入企业名称');
    expect(validateCompanyName('甲')).toBe('企业名称至少2个字');
    expect(validateCompanyName('杭州云帆')).toBeNull();
  });
});
