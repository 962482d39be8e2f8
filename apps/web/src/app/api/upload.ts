import { CODES, httpStatusMessage, TRANSPORT_MESSAGES, type Envelope } from '@wfsaas/contracts';
import { getCompanyId, getToken } from '../session/session.ts';
import { toastError } from '../ui/feedback.ts';
import { apiUrl } from './client.ts';
import { apiBaseURL, endSession } from './instance.ts';

/**
 * Uploads one file as multipart (field `file`) and answers the envelope's data. Errors are shown as
 * the request client shows them: the server's message, the HTTP-status table of docs/product.md#codes; a 401 ends
 * the session.
 */
export async function uploadMultipart<T>(path: string, file: File, opts: { timeoutMs?: number } = {}): Promise<T> {
  const body = new FormData();
  body.append('file', file, file.name);
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = getToken();
  const companyId = getCompanyId();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (companyId != null) headers.companyId = String(companyId);
  const url = apiUrl(path, apiBaseURL());
  let res: Response;
  try {
    res = await fetch(url, { method: 'POST', headers, body, credentials: 'same-origin', signal: AbortSignal.timeout(opts.timeoutMs ?? 50_000) });
  } catch (err) {
    const message = err instanceof DOMException && err.name === 'TimeoutError' ? TRANSPORT_MESSAGES.timeout : TRANSPORT_MESSAGES.noResponse;
    toastError(message);
    throw new Error(message);
  }
  if (res.status === 401) {
    await endSession(httpStatusMessage(401));
    throw new Error(httpStatusMessage(401));
  }
  let env: Envelope<T> | null = null;
  try {
    env = (await res.json()) as Envelope<T>;
  } catch {
    env = null;
  }
  if (!env || typeof env.code !== 'number') {
    const message = res.ok ? TRANSPORT_MESSAGES.setupFailure : httpStatusMessage(res.status);
    toastError(message);
    throw new Error(message);
  }
  if (env.code === CODES.unauthorized) {
    await endSession(env.message);
    throw new Error(env.message);
  }
  if (env.code !== CODES.ok) {
    toastError(env.message);
    throw new Error(env.message);
  }
  return env.data;
}
