import { ONBOARD_PHONE_API, TRANSPORT_MESSAGES, httpStatusMessage, CODES, type Envelope, type OnboardOpenView, type OnboardSubmit, type OnboardSubmitted, type OnboardVerified } from '@wfsaas/contracts';
import { ApiError, apiUrl } from '../../app/api/client.ts';
import { api, apiBaseURL } from '../../app/api/instance.ts';
import { toastError } from '../../app/ui/feedback.ts';
import { parseStoredVerification, type StoredVerification } from './onboard-state.ts';

/** The candidate's phone page calls: public, no sign-in; the link's token (and after the SMS check, the ticket) prove access. */
const M = ONBOARD_PHONE_API;

// no company or operator fields: the candidate is not a signed-in user
const plain = { commonFields: false } as const;

export const onboardCalls = {
  open: (token: string) => api.post<OnboardOpenView>(`${M}/open`, { token }, plain),
  /** The code was sent: how long it holds and when another may be asked for (seconds). */
  sms: (token: string, mobile: string) => api.post<{ expiresIn: number; resendAfter: number }>(`${M}/sms`, { token, mobile }, plain),
  verify: (token: string, mobile: string, code: string) => api.post<OnboardVerified>(`${M}/verify`, { token, mobile, code }, plain),
  status: (token: string, ticket: string) => api.post<OnboardVerified['submission']>(`${M}/status`, { token, ticket }, plain),
  submit: (body: OnboardSubmit) => api.post<OnboardSubmitted>(`${M}/submit`, body, plain),
  /**
   * Uploads one ID photo (multipart, field `file`) with the link's token and the ticket. No session
   * headers: a refusal (also a 401 for an expired ticket) is shown as the server words it and thrown as an ApiError.
   */
  async upload(token: string, ticket: string, file: File): Promise<{ fileId: string }> {
    const body = new FormData();
    body.append('file', file, file.name || 'photo.jpg');
    const url = apiUrl(`${M}/upload?${new URLSearchParams({ token, ticket }).toString()}`, apiBaseURL());
    let res: Response;
    try {
      res = await fetch(url, { method: 'POST', headers: { Accept: 'application/json' }, body, credentials: 'same-origin', signal: AbortSignal.timeout(60_000) });
    } catch (err) {
      const timeout = err instanceof DOMException && err.name === 'TimeoutError';
      const message = timeout ? TRANSPORT_MESSAGES.timeout : TRANSPORT_MESSAGES.noResponse;
      toastError(message);
      throw new ApiError(timeout ? 'timeout' : 'network', message);
    }
    let env: Envelope<{ fileId: string }> | null = null;
    try {
      env = (await res.json()) as Envelope<{ fileId: string }>;
    } catch {
      env = null;
    }
    if (!env || typeof env.code !== 'number') {
      const message = res.ok ? TRANSPORT_MESSAGES.setupFailure : httpStatusMessage(res.status);
      toastError(message);
      throw new ApiError(res.ok ? 'setup' : 'http', message, res.status);
    }
    if (env.code !== CODES.ok) {
      toastError(env.message);
      throw new ApiError('business', env.message, res.status, env.code);
    }
    return env.data;
  },
};

/** The SMS check's answer is kept for the tab, so reopening the same link does not ask for a code again. */
export const verificationStore = {
  key: (token: string) => `onboard-ticket:${token}`,
  get(token: string): StoredVerification | null {
    try {
      return parseStoredVerification(window.sessionStorage.getItem(this.key(token)), Date.now());
    } catch {
      return null;
    }
  },
  set(token: string, value: StoredVerification | null): void {
    try {
      if (value) window.sessionStorage.setItem(this.key(token), JSON.stringify(value));
      else window.sessionStorage.removeItem(this.key(token));
    } catch {
      /* private mode: the candidate verifies again next time */
    }
  },
};
