import { BILL_API, BILL_PATHS, type BillBadge } from '@wfsaas/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../app/api/instance.ts';
import { useSession } from '../../../app/session/SessionProvider.tsx';

/** Query keys per company; every bill action invalidates the company's 'bills' keys (the menu badge among them). */
export const billKey = (companyId: number | null, ...rest: unknown[]) => ['bills', companyId, ...rest] as const;

/** The 账单管理 menu badge: refetched after every bill action (same key prefix) and every few minutes. Loads with the layout, so this file stays small. */
export function useBillBadge(enabled: boolean) {
  const { companyId } = useSession();
  return useQuery({ queryKey: billKey(companyId, 'badge'), queryFn: () => api.post<BillBadge>(`${BILL_API}${BILL_PATHS.badge}`, {}), enabled: enabled && companyId !== null, refetchInterval: 300_000, staleTime: 60_000 });
}
