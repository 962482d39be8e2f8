/** Seconds before another SMS code can be asked for. */
export const SMS_RESEND_SECONDS = 60;

export function secondsLeft(sentAt: number | null, now: number, total = SMS_RESEND_SECONDS): number {
  if (sentAt == null) return 0;
  const left = total - Math.floor((now - sentAt) / 1000);
  return left > 0 ? Math.min(left, total) : 0;
}

export function smsButtonLabel(left: number, everSent: boolean): string {
  if (left > 0) return `${left}秒后重新获取`;
  return everSent ? '重新获取' : '获取验证码';
}
