import { SETUP_API, SETUP_PATHS, type SetupHandoverInput, type SetupHandoverView, type SetupStatusView, type SetupStepKey } from '@wfsaas/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../app/api/instance.ts';
import { useSession } from '../../../app/session/SessionProvider.tsx';

const url = (k: keyof typeof SETUP_PATHS) => `${SETUP_API}${SETUP_PATHS[k]}`;
const K = (companyId: number | null, ...rest: unknown[]) => ['setup', companyId, ...rest] as const;

export function useSetupStatus() {
  const { companyId } = useSession();
  return useQuery({ queryKey: K(companyId, 'status'), queryFn: () => api.post<SetupStatusView>(url('status'), {}), staleTime: 0 });
}

export function useHandovers() {
  const { companyId } = useSession();
  return useQuery({ queryKey: K(companyId, 'handovers'), queryFn: async () => (await api.post<SetupHandoverView[]>(url('handovers'), {})) ?? [], staleTime: 0 });
}

export function useInvalidateSetup() {
  const qc = useQueryClient();
  const { companyId } = useSession();
  return () => qc.invalidateQueries({ queryKey: ['setup', companyId] });
}

export const setupCalls = {
  skip: (step: SetupStepKey) => api.post<SetupStatusView>(url('skip'), { step }),
  unskip: (step: SetupStepKey) => api.post<SetupStatusView>(url('unskip'), { step }),
  handover: (body: SetupHandoverInput) => api.post<SetupHandoverView>(url('handover'), body),
};
