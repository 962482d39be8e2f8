import {
  CHANGE_PLAN_API,
  type ApplicablePlan,
  type ChangePlanApproverOptions,
  type ChangePlanSave,
  type ChangePlanScene,
  type ChangePlanView,
} from '@wfsaas/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../app/api/instance.ts';
import { useSession } from '../../../app/session/SessionProvider.tsx';

/** 异动方案 calls; their keys sit under the lifecycle keys, so a lifecycle refresh refreshes them. */

const keys = {
  plans: (companyId: number | null) => ['lifecycle', companyId, 'plans'] as const,
  approvers: (companyId: number | null) => ['lifecycle', companyId, 'planApprovers'] as const,
  applicable: (companyId: number | null, scene: ChangePlanScene | null, employeeId: number | null) => ['lifecycle', companyId, 'applicablePlan', scene, employeeId] as const,
};

export function useChangePlans() {
  const { companyId } = useSession();
  return useQuery({ queryKey: keys.plans(companyId), queryFn: () => api.post<ChangePlanView[]>(`${CHANGE_PLAN_API}/list`, {}), staleTime: 0 });
}

export function usePlanApproverOptions(enabled: boolean) {
  const { companyId } = useSession();
  return useQuery({ queryKey: keys.approvers(companyId), queryFn: () => api.post<ChangePlanApproverOptions>(`${CHANGE_PLAN_API}/approverOptions`, {}), enabled, staleTime: 30_000 });
}

/** The plan a change of the scene would follow for the employee (null: none, the change follows 异动设置). */
export function useApplicablePlan(scene: ChangePlanScene | null, employeeId: number | null) {
  const { companyId } = useSession();
  return useQuery({
    queryKey: keys.applicable(companyId, scene, employeeId),
    queryFn: () => api.post<ApplicablePlan>(`${CHANGE_PLAN_API}/applicable`, { scene, employeeId }),
    enabled: scene !== null && employeeId !== null,
    staleTime: 0,
  });
}

export const changePlanCalls = {
  save: (body: ChangePlanSave) => api.post<ChangePlanView>(`${CHANGE_PLAN_API}/save`, body),
  enable: (id: number) => api.post<ChangePlanView>(`${CHANGE_PLAN_API}/enable`, { id }),
  disable: (id: number) => api.post<ChangePlanView>(`${CHANGE_PLAN_API}/disable`, { id }),
  remove: (id: number) => api.post<null>(`${CHANGE_PLAN_API}/remove`, { id }),
};
