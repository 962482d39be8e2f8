import { WORK_ORDER_API, WORK_ORDER_PATHS, type WorkOrderCounts } from '@wfsaas/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../app/api/instance.ts';
import { useSession } from '../../../app/session/SessionProvider.tsx';

/** Query keys per company; every ticket action invalidates the company's 'work-orders' keys (the menu badge among them). */
export const workOrderKey = (companyId: number | null, ...rest: unknown[]) => ['work-orders', companyId, ...rest] as const;

/** Counts per status: the list's tabs and the menu badge, which loads with the layout (so this file stays small). */
export function useWorkOrderCounts(enabled = true) {
  const { companyId } = useSession();
  return useQuery({
    queryKey: workOrderKey(companyId, 'counts'),
    queryFn: () => api.post<WorkOrderCounts>(`${WORK_ORDER_API}${WORK_ORDER_PATHS.counts}`, {}),
    enabled: enabled && companyId !== null,
    staleTime: 60_000,
    refetchInterval: 300_000,
  });
}
