/** The SMS-code button of the phone pages: one code a minute. */
export const SMS_RESEND_SECONDS = 60;

/** The button's text: 获取验证码, then 重新获取(59s) counting down, then 重新获取. */
export function smsButtonText(secondsLeft: number, sentOnce: boolean): string {
  if (secondsLeft > 0) return `重新获取(${secondsLeft}s)`;
  return sentOnce ? '重新获取' : '获取验证码';
}
