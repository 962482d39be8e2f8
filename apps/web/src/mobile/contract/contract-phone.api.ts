import { EC_PATHS, type PhoneContractOpen, type PhoneContractView, type PhoneSmsSent, type PhoneTicket } from '@wfsaas/contracts';
import { api } from '../../app/api/instance.ts';

/** The employee phone page's calls: public, no sign-in; the link's token (and after verification, the ticket) prove access. */

// no company or operator fields: the phone page acts for the employee, not a signed-in user
const plain = { commonFields: false } as const;

export type PhoneLink = { contractId: number; t: string };

export const contractPhoneCalls = {
  open: (l: PhoneLink) => api.post<PhoneContractOpen>(EC_PATHS.phoneOpen, l, plain),
  sendCode: (l: PhoneLink) => api.post<PhoneSmsSent>(EC_PATHS.phoneSendCode, l, plain),
  verify: (l: PhoneLink, code: string, name: string, idLast6: string) => api.post<PhoneTicket>(EC_PATHS.phoneVerify, { ...l, code, name, idLast6 }, plain),
  /** Silent: an expired ticket only sends the employee back to verification. */
  detail: (l: PhoneLink, ticket: string) => api.post<PhoneContractView>(EC_PATHS.phoneDetail, { ...l, ticket }, { ...plain, silent: true }),
  fill: (l: PhoneLink, ticket: string, values: Record<string, string>) => api.post<PhoneContractView>(EC_PATHS.phoneFill, { ...l, ticket, values }, plain),
  sign: (l: PhoneLink, ticket: string, signature: string) => api.post<PhoneContractView>(EC_PATHS.phoneSign, { ...l, ticket, signature, intent: true }, { ...plain, timeout: 120_000 }),
  /** The document as it stands now, or the signed contract. */
  pdf: (l: PhoneLink, ticket: string, which: 'view' | 'download') => api.download(which === 'view' ? EC_PATHS.phoneView : EC_PATHS.phoneDownload, { ...l, ticket }, { ...plain, timeout: 120_000 }),
};

/** The view ticket is kept for the tab, so reopening the same link does not ask to verify again. */
export const contractTicketStore = {
  key: (l: PhoneLink) => `contract-ticket:${l.contractId}:${l.t.slice(0, 24)}`,
  get(l: PhoneLink): string | null {
    try {
      return window.sessionStorage.getItem(this.key(l));
    } catch {
      return null;
    }
  },
  set(l: PhoneLink, ticket: string | null): void {
    try {
      if (ticket) window.sessionStorage.setItem(this.key(l), ticket);
      else window.sessionStorage.removeItem(this.key(l));
    } catch {
      /* private mode: the employee verifies again next time */
    }
  },
};
