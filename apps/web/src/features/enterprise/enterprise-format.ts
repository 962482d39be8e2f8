import type { StatusTone } from '../../app/ui/StatusTag.tsx';

/** 企业认证 status → tag tone (0 未认证, 1 审核中, 2 已认证, 3 未通过). */
export function certificationTone(status: number): StatusTone {
  return status === 2 ? 'success' : status === 1 ? 'processing' : status === 3 ? 'error' : 'default';
}

/** A payment attempt's status → tag tone (0 待打款, 1 已打款, 2 已验证, 3 已锁定, 4 已作废). */
export function paymentTone(status: number): StatusTone {
  return status === 2 ? 'success' : status === 1 ? 'processing' : status === 3 ? 'error' : status === 0 ? 'pending' : 'default';
}

/** The amount a person typed (¥0.37, 0.37元, .37) as the two-decimal string the server compares; null when it is not ¥0.01–0.99. */
export function normaliseVerifyAmount(raw: string): string | null {
  const m = /^\s*[¥￥]?\s*(0?)\.(\d{1,2})\s*元?\s*$/.exec(raw);
  if (!m) return null;
  const cents = m[2]!.padEnd(2, '0');
  return cents === '00' ? null : `0.${cents}`;
}

/** What the company is told after typing an amount. */
export function verifyOutcome(r: { verified: boolean; status: number; triesLeft: number }): { ok: boolean; text: string } {
  if (r.verified) return { ok: true, text: '验证成功，企业已完成认证' };
  if (r.status === 3) return { ok: false, text: '金额错误3次，本次打款验证已锁定，请重新发起打款' };
  return { ok: false, text: `金额不正确，还可尝试 ${r.triesLeft} 次` };
}
