import type { PayslipChannel, PayslipSubmit, VerifyMethod } from '@wfsaas/contracts';
import type { Dayjs } from 'dayjs';

/** The send step's form, as the import wizard and a draft's detail page both show it. */
export type SendValues = {
  channels: PayslipChannel[];
  mode: 'now' | 'scheduled';
  sendAt?: Dayjs;
  verifyMethod: VerifyMethod;
  requirePassword: boolean;
  requireSignature: boolean;
  autoConfirmDays: number;
};

export const SEND_DEFAULTS: SendValues = { channels: ['app'], mode: 'now', verifyMethod: 'sms', requirePassword: false, requireSignature: false, autoConfirmDays: 0 };

/** payslip/submit's body: a scheduled time to the minute, none when sending now. */
export function toSubmitBody(batchId: number, v: SendValues): PayslipSubmit {
  return {
    batchId,
    channels: v.channels,
    sendAt: v.mode === 'scheduled' && v.sendAt ? v.sendAt.second(0).millisecond(0).format() : undefined,
    verifyMethod: v.verifyMethod,
    requireSignature: v.requireSignature ?? false,
    requirePassword: v.requirePassword ?? false,
    autoConfirmDays: v.autoConfirmDays ?? 0,
  };
}

/** Why a draft cannot be sent yet (the server refuses it with the same words), or null. */
export function sendBlockedReason(unmatched: number): string | null {
  return unmatched > 0 ? `还有 ${unmatched} 条工资条未匹配到人员，请先指定人员或删除后再发送` : null;
}
