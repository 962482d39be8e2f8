import { createRequestClient, resolveBaseURL } from './client.ts';
import { browserGatewayHost, notifyGateway } from './gateway.ts';
import { queryClient } from '../query-client.ts';
import { currentPath, navigateTo } from '../routing/navigation.ts';
import { stripKeyParams } from '../routing/route-view.ts';
import { loginUrlWithReferer } from '../session/permissions.ts';
import { clearSession, getCompanyId, getToken, getUserInfo } from '../session/session.ts';
import { notifySessionChanged, setEndingSession } from '../session/session-events.ts';
import { localStore } from '../session/storage.ts';
import { logUiError } from '../ui/error-log.ts';
import { toastError } from '../ui/feedback.ts';

/** The base URL of this page's API calls. */
export function apiBaseURL(): string {
  return resolveBaseURL(window.location.origin, import.meta.env.VITE_API_BASE as string | undefined, import.meta.env.DEV);
}

/** docs/product.md#codes 401: tell the gateway, clear the local session, go to the login page. */
export async function endSession(message: string): Promise<void> {
  setEndingSession(true);
  try {
    await notifyGateway(browserGatewayHost(), message);
  } catch (err) {
    logUiError(localStore(), 'gateway', err, window.location.href);
  }
  try {
    const here = new URL(currentPath(), window.location.origin);
    const back = stripKeyParams(here.pathname, here.search, here.hash);
    clearSession();
    navigateTo(loginUrlWithReferer(back), { replace: true });
    notifySessionChanged();
    queryClient.clear();
  } finally {
    setEndingSession(false);
  }
}

export const api = createRequestClient({
  baseURL: apiBaseURL(),
  context: () => {
    const user = getUserInfo();
    return { token: getToken(), companyId: getCompanyId(), userId: user?.sysUser.userId ?? null, nickname: user?.sysUser.nickname ?? null };
  },
  toastError,
  onUnauthorized: endSession,
});
