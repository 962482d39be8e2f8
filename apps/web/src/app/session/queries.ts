import type { CompanyListEntry } from '@wfsaas/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../api/instance.ts';
import { fetchCompanies } from '../api/endpoints.ts';
import { useSession } from './SessionProvider.tsx';

export const companyKeys = { all: ['companies'] as const, list: (token: string | null) => ['companies', token] as const };

/** The companies the signed-in user belongs to. */
export function useCompanies() {
  const { token } = useSession();
  return useQuery<CompanyListEntry[]>({
    queryKey: companyKeys.list(token),
    queryFn: () => fetchCompanies(api),
    enabled: !!token,
    staleTime: 60_000,
  });
}

export function useCurrentCompany(): CompanyListEntry | null {
  const { companyId } = useSession();
  const { data } = useCompanies();
  return data?.find((c) => c.companyId === companyId) ?? null;
}
