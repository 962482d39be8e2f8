import { describe, expect, it } from 'vitest';
import { absoluteLink, awaitingText, canDo, contractMenuParent, contractTone, filterValue, initiatedSubtitle, notifyOptionLabel, progressPercent, sealable } from './contract-format.ts';

const row = (signStatus: 0 | 1 | 2 | 3 | 4 | 5 | 6, awaiting: 'company' | 'employee' | 'both' | null = null, form: 1 | 2 = 1) => ({ signStatus, awaiting, form });

describe('contract rules', () => {
  it('gives every status its tone', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(contractTone)).toEqual(['pending', 'processing', 'success', 'default', 'warning', 'warning', 'default']);
  });

  it('offers the seal only while the company is to sign an open electronic contract', () => {
    expect(canDo('seal', row(0, 'company'))).toBe(true);
    expect(canDo('seal', row(1, 'both'))).toBe(true);
    expect(canDo('seal', row(1, 'employee'))).toBe(false);
    expect(canDo('seal', row(2, null))).toBe(false);
    expect(canDo('seal', row(0, 'company', 2))).toBe(false);
  });

  it('urges only the employee whose turn it is', () => {
    expect(canDo('urge', row(0, 'employee'))).toBe(true);
    expect(canDo('urge', row(0, 'company'))).toBe(false);
    expect(canDo('urge', row(3, 'employee'))).toBe(false);
  });

  it('withdraws and suspends open contracts, resumes suspended ones, ends signed ones', () => {
    expect(canDo('withdraw', row(1))).toBe(true);
    expect(canDo('withdraw', row(2))).toBe(false);
    expect(canDo('suspend', row(0))).toBe(true);
    expect(canDo('resume', row(5))).toBe(true);
    expect(canDo('resume', row(0))).toBe(false);
    expect(canDo('end', row(2))).toBe(true);
    expect(canDo('end', row(4))).toBe(true);
    expect(canDo('end', row(0))).toBe(false);
    expect(canDo('paper', row(0, null, 2))).toBe(true);
    expect(canDo('paper', row(0, 'company', 1))).toBe(false);
    expect(canDo('download', row(3))).toBe(true);
  });

  it('splits a selection into sealable rows and the rest', () => {
    const r = sealable([row(0, 'company'), row(2), row(1, 'employee'), row(1, 'both')]);
    expect(r.ok).toHaveLength(2);
    expect(r.skipped).toBe(2);
  });

  it('formats turn, progress, filters and links', () => {
    expect(awaitingText('both')).toBe('待双方签署');
    expect(awaitingText(null)).toBe('—');
    expect(progressPercent({ total: 3, done: 2 })).toBe(66);
    expect(progressPercent({ total: 0, done: 0 })).toBe(0);
    expect(progressPercent(undefined)).toBe(0);
    expect(filterValue('')).toBeUndefined();
    expect(filterValue(0)).toBe(0);
    expect(filterValue(-1)).toBeUndefined();
    expect(absoluteLink('/qszx-vite/detailWeifen/3?t=x', 'http://a.b')).toBe('http://a.b/qszx-vite/detailWeifen/3?t=x');
    expect(absoluteLink('https://x.y/z', 'http://a.b')).toBe('https://x.y/z');
  });
});

describe('after initiating', () => {
  const one = { name: '张伟', count: 2, notify: true, form: 1 };
  it('announces the SMS of 企业先签 for after the company seal, and reports it sent otherwise', () => {
    expect(initiatedSubtitle({ ...one, signOrder: 1 })).toBe('已为 张伟 发起 2 份合同，请先完成企业盖章；企业盖章后，系统将自动把签署链接短信发送给员工。');
    expect(initiatedSubtitle({ ...one, signOrder: 2 })).toBe('已为 张伟 发起 2 份合同，签署链接已通过短信发送给员工。');
    expect(initiatedSubtitle({ ...one, signOrder: 3 })).toBe('已为 张伟 发起 2 份合同，签署链接已通过短信发送给员工。');
    expect(initiatedSubtitle({ ...one, signOrder: 2, notify: false })).toBe('已为 张伟 发起 2 份合同。');
    expect(initiatedSubtitle({ ...one, signOrder: 1, form: 2 })).toBe('已为 张伟 发起 2 份合同。');
    expect(notifyOptionLabel(1)).toBe('通过短信向员工发送签署链接（企业盖章后自动发送）');
    expect(notifyOptionLabel(3)).toBe('立即通过短信向员工发送签署链接');
  });

  it('puts a contract’s detail under 待签署 while it is signed, under 已签署 after', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(contractMenuParent)).toEqual(['signContract', 'signContract', 'signedContract', 'signedContract', 'signedContract', 'signedContract', 'signedContract']);
  });
});
