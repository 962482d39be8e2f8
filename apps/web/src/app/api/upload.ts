import { CODES, httpStatusMessage, TRANSPORT_MESSAGES, type Envelope } from '@wfsaas/contracts';
import { getCompanyId, getToken } from '../session/session.ts';
import { toastError } from '../ui/feedback.ts';
import { ApiError, apiUrl } from './client.ts';
import { apiBaseURL, endSession } from './instance.ts';

/** Shows the failure and answers it as the request client's error, so callers treat both alike. */
function shown(error: ApiError): ApiError {
  toastError(error.message);
  return error;
}

/**
 * Uploads one file as multipart (field `file`) and answers the envelope's data. Errors are shown as
 * the request client shows them: the server's message, the HTTP-status table of docs/product.md#codes; a 401 ends
 * the session. Every failure rejects with the client's ApiError, already shown.
 */
export async function uploadMultipart<T>(path: string, file: File, opts: { timeoutMs?: number; /** Text fields sent before the file. */ fields?: Record<string, string | number> } = {}): Promise<T> {
  const body = new FormData();
  for (const [k, v] of Object.entries(opts.fields ?? {})) body.append(k, String(v));
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
    const timeout = err instanceof DOMException && err.name === 'TimeoutError';
    throw shown(new ApiError(timeout ? 'timeout' : 'network', timeout ? TRANSPORT_MESSAGES.timeout : TRANSPORT_MESSAGES.noResponse));
  }
  if (res.status === 401) {
    await endSession(httpStatusMessage(401));
    throw new ApiError('unauthorized', httpStatusMessage(401), 401, CODES.unauthorized);
  }
  let env: Envelope<T> | null = null;
  try {
    env = (await res.json()) as Envelope<T>;
  } catch {
    env = null;
  }
  if (!env || typeof env.code !== 'number') {
    throw shown(res.ok ? new ApiError('setup', TRANSPORT_MESSAGES.setupFailure) : new ApiError('http', httpStatusMessage(res.status), res.status));
  }
  if (env.code === CODES.unauthorized) {
    await endSession(env.message);
    throw new ApiError('unauthorized', env.message, res.status, CODES.unauthorized);
  }
  if (env.code !== CODES.ok) throw shown(new ApiError('business', env.message, res.status, env.code));
  return env.data;
}
