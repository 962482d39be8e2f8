import { describe, expect, it } from 'vitest';
import { afterVerify, optionalText, parseStoredVerification, photoProblem, smsButtonText, storedVerification, ticketExpired } from './onboard-state.ts';

describe('onboard phone state', () => {
  it('keeps the verification until the ticket expires, with a minute of margin', () => {
    const kept = storedVerification({ ticket: 't'.repeat(30), expiresIn: 1800, submission: null }, '13900000000', 1_000);
    expect(kept.until).toBe(1_801_000);
    const raw = JSON.stringify(kept);
    expect(parseStoredVerification(raw, 2_000)).toEqual(kept);
    expect(parseStoredVerification(raw, 1_801_000 - 60_000)).toBeNull();
    expect(parseStoredVerification('not json', 0)).toBeNull();
    expect(parseStoredVerification('{"ticket":1}', 0)).toBeNull();
    expect(parseStoredVerification(null, 0)).toBeNull();
  });

  it('sends the candidate to the final state of an earlier submission, or to the form', () => {
    const at = '2026-01-01T00:00:00Z';
    expect(afterVerify(null)).toEqual({ kind: 'form', rejectReason: null, name: '' });
    expect(afterVerify({ status: 0, statusLabel: '待审核', rejectReason: null, name: '张三', submittedAt: at })).toEqual({ kind: 'pending' });
    expect(afterVerify({ status: 1, statusLabel: '已通过', rejectReason: null, name: '张三', submittedAt: at })).toEqual({ kind: 'approved' });
    expect(afterVerify({ status: 2, statusLabel: '已驳回', rejectReason: '照片不清晰', name: '张三', submittedAt: at })).toEqual({ kind: 'form', rejectReason: '照片不清晰', name: '张三' });
  });

  it('words the SMS button by the countdown', () => {
    expect(smsButtonText(0, false)).toBe('获取验证码');
    expect(smsButtonText(59, true)).toBe('重新获取(59s)');
    expect(smsButtonText(0, true)).toBe('重新获取');
  });

  it('takes images up to 5 MB as ID photos', () => {
    expect(photoProblem({ type: 'image/jpeg', size: 1000 })).toBeNull();
    expect(photoProblem({ type: 'application/pdf', size: 1000 })).toBe('请选择图片文件');
    expect(photoProblem({ type: 'image/png', size: 5 * 1024 * 1024 + 1 })).toBe('图片不能超过5MB，请重新拍摄');
    expect(photoProblem({ type: 'image/png', size: 0 })).toBe('图片为空，请重新选择');
  });

  it('leaves out empty optional text', () => {
    expect(optionalText('  ')).toBeUndefined();
    expect(optionalText(null)).toBeUndefined();
    expect(optionalText(' 北京 ')).toBe('北京');
  });

  it('knows a refusal for an expired ticket', () => {
    expect(ticketExpired(new Error('登记凭证已过期，请重新验证手机号'))).toBe(true);
    expect(ticketExpired(new Error('证件号码格式不正确'))).toBe(false);
    expect(ticketExpired('登记凭证')).toBe(false);
  });
});
