import type { CompanyListEntry, MyInvitations } from '@wfsaas/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../app/api/instance.ts';
import { useSession } from '../../app/session/SessionProvider.tsx';

const BASE = '/wfsaas-saas/api/company/invitation';

export const invitationKeys = { all: ['myInvitations'] as const, mine: (token: string | null) => ['myInvitations', token] as const };

/** The signed-in person's open invitations to join companies. */
export function useMyInvitations() {
  const { token } = useSession();
  return useQuery<MyInvitations>({
    queryKey: invitationKeys.mine(token),
    queryFn: () => api.post<MyInvitations>(`${BASE}/list`),
    enabled: !!token,
    staleTime: 30_000,
  });
}

export const invitationCalls = {
  sendCode: () => api.post<{ expiresIn: number; resendAfter: number }>(`${BASE}/sendCode`),
  accept: (input: { companyId: number; invitationId: number; code?: string }) => api.post<CompanyListEntry>(`${BASE}/accept`, input),
  decline: (input: { companyId: number; invitationId: number }) => api.post<null>(`${BASE}/decline`, input),
};
