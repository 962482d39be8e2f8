import { PAY_CONFIG_API, PAY_CONFIG_PATHS, type PayAccountSave, type PayAccountView } from '@wfsaas/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../app/api/instance.ts';
import { useSession } from '../../../app/session/SessionProvider.tsx';

const url = (k: keyof typeof PAY_CONFIG_PATHS) => `${PAY_CONFIG_API}${PAY_CONFIG_PATHS[k]}`;

export function usePayAccounts() {
  const { companyId } = useSession();
  return useQuery({ queryKey: ['payConfig', companyId, 'accounts'], queryFn: async () => (await api.post<PayAccountView[]>(url('accountList'), {})) ?? [], staleTime: 0 });
}

export function useInvalidatePayConfig() {
  const qc = useQueryClient();
  const { companyId } = useSession();
  return () => qc.invalidateQueries({ queryKey: ['payConfig', companyId] });
}

export const payConfigCalls = {
  save: (body: Partial<PayAccountSave>) => api.post<PayAccountView>(url('accountSave'), body),
  setDefault: (id: number) => api.post<PayAccountView>(url('accountDefault'), { id }),
  enable: (id: number, enabled: boolean) => api.post<PayAccountView>(url('accountEnable'), { id, enabled }),
  remove: (id: number) => api.post<unknown>(url('accountRemove'), { id }),
};
