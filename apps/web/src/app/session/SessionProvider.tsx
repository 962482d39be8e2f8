import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { getCompanyId, getToken, getUserInfo, type UserInfo } from './session.ts';
import { onSessionChanged } from './session-events.ts';

export type SessionState = { token: string | null; companyId: number | null; userInfo: UserInfo | null };

function readSession(): SessionState {
  return { token: getToken(), companyId: getCompanyId(), userInfo: getUserInfo() };
}

const SessionContext = createContext<SessionState>({ token: null, companyId: null, userInfo: null });

/**
 * The session as this tab renders it. It follows in-tab changes (notifySessionChanged); changes
 * made in other tabs are not adopted silently — the layout raises the company-mismatch alert.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<SessionState>(readSession);
  useEffect(() => onSessionChanged(() => setState(readSession())), []);
  const value = useMemo(() => state, [state]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionState {
  return useContext(SessionContext);
}
