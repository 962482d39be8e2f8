import type { LoginResult } from '@wfsaas/contracts';
import { API } from '../../app/api/endpoints.ts';
import type { RequestClient } from '../../app/api/client.ts';
import { clearCompany, clearSession, getToken, saveLogin, saveToken, setCompany, type SessionStores } from '../../app/session/session.ts';

/** Stores a fresh sign-in; a company is chosen afterwards, so the previous one is dropped. */
function completeSignIn(result: LoginResult, stores: SessionStores): LoginResult {
  clearSession(stores);
  saveLogin(result, stores);
  clearCompany(stores);
  return result;
}

/** docs/product.md#api: the password sign-in is form-encoded (username, password). */
export async function signInWithPassword(client: RequestClient, input: { phone: string; password: string }, stores: SessionStores): Promise<LoginResult> {
  const result = await client.postForm<LoginResult>(API.login, { username: input.phone.trim(), password: input.password });
  return completeSignIn(result, stores);
}

export async function sendSmsCode(client: RequestClient, phone: string): Promise<{ expiresIn: number; resendAfter: number }> {
  return client.post(API.smsSend, { phone: phone.trim() });
}

export async function signInWithSms(client: RequestClient, input: { phone: string; code: string }, stores: SessionStores): Promise<LoginResult> {
  const result = await client.post<LoginResult>(API.loginBySms, { phone: input.phone.trim(), code: input.code.trim() });
  return completeSignIn(result, stores);
}

const inFlight = new Map<string, Promise<LoginResult>>();

/**
 * docs/product.md#sign-in-and-session: a one-time key from the URL → cacheTemp/get (the token) → loginAuthorization with
 * the Authorization and companyId headers (isPost 1) → signed in. The key is then deleted. A
 * company given with the key becomes the current company. The same key is exchanged once even
 * when asked twice at the same time.
 */
export function exchangeOneTimeKey(client: RequestClient, key: string, companyId: number | null, stores: SessionStores): Promise<LoginResult> {
  const running = inFlight.get(key);
  if (running) return running;
  const run = (async () => {
    const token = await client.post<string>(API.cacheTempGet, { key, isPost: 1 }, { commonFields: false });
    clearSession(stores);
    saveToken(token, stores);
    if (companyId != null) setCompany(companyId, stores);
    const result = await client.post<LoginResult>(API.loginAuthorization, { isPost: 1 });
    saveLogin({ ...result, access_token: result.access_token || token }, stores);
    if (companyId != null) setCompany(companyId, stores);
    void client.post(API.cacheTempDel, { key, isPost: 1 }, { silent: true, commonFields: false }).catch(() => undefined);
    return result;
  })();
  inFlight.set(key, run);
  void run.finally(() => setTimeout(() => inFlight.delete(key), 10_000)).catch(() => undefined);
  return run;
}

/** Signs out on the server (the token stops working at once) and clears the local session. */
export async function signOut(client: RequestClient, stores: SessionStores): Promise<void> {
  // requests still in flight answer 401 once the token is revoked; they must not send us to login with a referer
  client.sessionEnding(getToken(stores));
  try {
    await client.post(API.logout, undefined, { silent: true });
  } catch {
    // The local session ends either way.
  } finally {
    clearSession(stores);
  }
}
