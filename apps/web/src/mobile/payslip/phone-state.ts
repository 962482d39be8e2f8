export { SMS_RESEND_SECONDS, smsButtonText } from '../phone-sms.ts';
import { PAYSLIP_STATUS, type PayslipEmployeeView } from '@wfsaas/contracts';

export type FinalState = { kind: 'confirmed' | 'feedback' | 'withdrawn'; title: string };

/** The final state a payslip is in for its employee, or null while it waits for confirmation. */
export function finalStateOf(v: Pick<PayslipEmployeeView, 'status' | 'withdrawn'>): FinalState | null {
  if (v.withdrawn || v.status === PAYSLIP_STATUS.withdrawn) return { kind: 'withdrawn', title: '该工资条已撤回' };
  if (v.status === PAYSLIP_STATUS.confirmed) return { kind: 'confirmed', title: '已确认' };
  if (v.status === PAYSLIP_STATUS.feedback) return { kind: 'feedback', title: '已反馈' };
  return null;
}

/** Last 6 characters of an ID number as typed: digits, and X in upper case. */
export function normaliseIdLast6(input: string): string {
  return input.replace(/[^0-9a-zA-Z]/g, '').toUpperCase().slice(0, 6);
}
