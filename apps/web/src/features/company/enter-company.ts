import type { QueryClient } from '@tanstack/react-query';
import { afterSignInTarget, takeBackApp, takeQueryInfo } from '../../app/session/entry-query.ts';
import { setCompany } from '../../app/session/session.ts';
import { notifySessionChanged } from '../../app/session/session-events.ts';
import { sessionStore } from '../../app/session/storage.ts';

/** Makes a company current and returns where to go: the saved return path, the referer, or /home. */
export function enterCompany(companyId: number, referer: string | null, queryClient: QueryClient): string {
  setCompany(companyId);
  queryClient.removeQueries({ queryKey: ['permissions'] });
  notifySessionChanged();
  const session = sessionStore();
  return afterSignInTarget({ referer, backApp: takeBackApp(session), companyId, queryInfo: takeQueryInfo(session) });
}
