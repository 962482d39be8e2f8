import { PAYSLIP_API, type PayslipEmployeeView, type PayslipOpenView, type PayslipSmsSent, type PayslipTicket } from '@wfsaas/contracts';
import { api } from '../../app/api/instance.ts';

/** The employee phone page's calls: public, no sign-in; the link's token (and after verification, the ticket) prove access. */
const M = `${PAYSLIP_API}/m/payslip`;

// no company or operator fields: the phone page acts for the employee, not a signed-in user
const plain = { commonFields: false } as const;

export const phoneCalls = {
  open: (token: string) => api.post<PayslipOpenView>(`${M}/open`, { token }, plain),
  sms: (token: string) => api.post<PayslipSmsSent>(`${M}/sms`, { token }, plain),
  verifySms: (token: string, code: string) => api.post<PayslipTicket>(`${M}/verify-sms`, { token, code }, plain),
  verifyId: (token: string, name: string, idLast6: string) => api.post<PayslipTicket>(`${M}/verify-id`, { token, name, idLast6 }, plain),
  /** Sets (first view) or checks the payslip password; answers the ticket that opens the payslip. */
  password: (token: string, ticket: string, password: string) => api.post<PayslipTicket>(`${M}/password`, { token, ticket, password }, plain),
  /** Silent: an expired ticket only sends the employee back to verification. */
  view: (token: string, ticket: string) => api.post<PayslipEmployeeView>(`${M}/view`, { token, ticket }, { ...plain, silent: true }),
  confirm: (token: string, ticket: string, signature?: string) => api.post<PayslipEmployeeView | null>(`${M}/confirm`, { token, ticket, signature }, plain),
  feedback: (token: string, ticket: string, feedback: string) => api.post<PayslipEmployeeView | null>(`${M}/feedback`, { token, ticket, feedback }, plain),
};

/** The view ticket is kept for the tab, so reopening the same link does not ask to verify again. */
export const ticketStore = {
  key: (token: string) => `payslip-ticket:${token}`,
  get(token: string): string | null {
    try {
      return window.sessionStorage.getItem(this.key(token));
    } catch {
      return null;
    }
  },
  set(token: string, ticket: string | null): void {
    try {
      if (ticket) window.sessionStorage.setItem(this.key(token), ticket);
      else window.sessionStorage.removeItem(this.key(token));
    } catch {
      /* private mode: the employee verifies again next time */
    }
  },
};
