import {
  OS_API,
  OS_PATHS,
  type ClientView,
  type DismissDetail,
  type DismissHandle,
  type DismissRow,
  type DismissSave,
  type FormerRow,
  type OnboardingAdd,
  type OnboardingInvite,
  type OnboardingCheck,
  type OnboardingConfirmResult,
  type OnboardingResult,
  type OsInviteView,
  type OrderDetail,
  type OrderRow,
  type OrderSave,
  type OsQuitStart,
  type PageMessage,
  type PlacementRow,
  type PlacementTerms,
  type PlanView,
} from '@wfsaas/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../app/api/instance.ts';
import { useSession } from '../../app/session/SessionProvider.tsx';
import type { PageQuery } from '../../app/ui/table.ts';

export { OS_PERMISSIONS } from '@wfsaas/contracts';

type PathKey = keyof typeof OS_PATHS;
const url = (k: PathKey) => `${OS_API}${OS_PATHS[k]}`;

export type Paged<T> = { data: T[]; pageMessage: PageMessage };
export type OrderPageQuery = PageQuery & { clientId?: number; status?: number; keyword?: string };
export type DismissPageQuery = PageQuery & { clientId?: number; status?: number; keyword?: string };
export type OnboardingPageQuery = PageQuery & { clientId?: number; status?: number; keyword?: string };
export type RosterPageQuery = PageQuery & { roster: 'dispatch' | 'epiboly'; clientId?: number; planId?: number; orderId?: number; post?: string; keyword?: string };
export type QuitPageQuery = PageQuery & { clientId?: number; status?: number; keyword?: string };
export type FormerPageQuery = PageQuery & { clientId?: number; keyword?: string };

/** Query keys per company; every write of these screens invalidates the company's 'os-labour' keys. */
const K = (companyId: number | null, ...rest: unknown[]) => ['os-labour', companyId, ...rest] as const;

async function paged<T>(k: PathKey, body: unknown): Promise<Paged<T>> {
  const r = await api.postList<T>(url(k), body);
  return { data: r.data ?? [], pageMessage: r.pageMessage };
}

/** The provider's clients (用工单位) for the pickers of these screens (silent: a picker left empty says so itself). */
export function useLabourClients(enabled = true) {
  const { companyId } = useSession();
  return useQuery({ queryKey: K(companyId, 'clients'), queryFn: async () => (await api.post<ClientView[]>(url('clientList'), {}, { silent: true })) ?? [], enabled, staleTime: 30_000 });
}

/** The provider's plans (方案) for the plan pickers. */
export function useLabourPlans(enabled = true) {
  const { companyId } = useSession();
  return useQuery({ queryKey: K(companyId, 'plans'), queryFn: async () => (await api.post<PlanView[]>(url('planList'), {}, { silent: true })) ?? [], enabled, staleTime: 30_000 });
}

export function useOrderPage(q: OrderPageQuery, enabled = true) {
  const { companyId } = useSession();
  return useQuery({ queryKey: K(companyId, 'order-page', q), queryFn: () => paged<OrderRow>('orderPage', q), enabled, placeholderData: keepPreviousData, staleTime: 0 });
}

export function useOrderDetail(id: number | null) {
  const { companyId } = useSession();
  return useQuery({ queryKey: K(companyId, 'order', id), queryFn: () => api.post<OrderDetail>(url('orderDetail'), { id }), enabled: id !== null, retry: false, staleTime: 0 });
}

export function useDismissPage(q: DismissPageQuery) {
  const { companyId } = useSession();
  return useQuery({ queryKey: K(companyId, 'dismiss-page', q), queryFn: () => paged<DismissRow>('dismissPage', q), placeholderData: keepPreviousData, staleTime: 0 });
}

export function useDismissDetail(id: number | null) {
  const { companyId } = useSession();
  return useQuery({ queryKey: K(companyId, 'dismiss', id), queryFn: () => api.post<DismissDetail>(url('dismissDetail'), { id }), enabled: id !== null, retry: false, staleTime: 0 });
}

export function useOnboardingPage(q: OnboardingPageQuery) {
  const { companyId } = useSession();
  return useQuery({ queryKey: K(companyId, 'onboarding-page', q), queryFn: () => paged<PlacementRow>('onboardingPage', q), placeholderData: keepPreviousData, staleTime: 0 });
}

export function useRosterPage(q: RosterPageQuery, enabled = true) {
  const { companyId } = useSession();
  return useQuery({ queryKey: K(companyId, 'roster-page', q), queryFn: () => paged<PlacementRow>('rosterPage', q), enabled, placeholderData: keepPreviousData, staleTime: 0 });
}

export function useQuitPage(q: QuitPageQuery) {
  const { companyId } = useSession();
  return useQuery({ queryKey: K(companyId, 'quit-page', q), queryFn: () => paged<PlacementRow>('quitPage', q), placeholderData: keepPreviousData, staleTime: 0 });
}

export function useFormerPage(q: FormerPageQuery) {
  const { companyId } = useSession();
  return useQuery({ queryKey: K(companyId, 'former-page', q), queryFn: () => paged<FormerRow>('formerPage', q), placeholderData: keepPreviousData, staleTime: 0 });
}

/** The dispatch rules of a placement before it is made; null terms ask nothing. Silent: the screen shows the outcome itself. */
export function useOnboardingCheck(terms: PlacementTerms | null) {
  const { companyId } = useSession();
  return useQuery({
    queryKey: K(companyId, 'check', terms),
    queryFn: () => api.post<OnboardingCheck>(url('onboardingCheck'), terms, { silent: true }),
    enabled: terms !== null,
    retry: false,
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

/** The phone self-onboarding links made for placements, with their registrations. */
export function useInvitedPage(enabled = true) {
  const { companyId } = useSession();
  return useQuery({ queryKey: K(companyId, 'invited'), queryFn: () => api.post<OsInviteView[]>(url('invitedPage'), {}), enabled, staleTime: 0 });
}

export function useInvalidateLabour() {
  const qc = useQueryClient();
  const { companyId } = useSession();
  return () => Promise.all([qc.invalidateQueries({ queryKey: ['os-labour', companyId] }), qc.invalidateQueries({ queryKey: ['os', companyId] })]);
}

export const labourCalls = {
  saveOrder: (body: OrderSave) => api.post<OrderRow>(url('orderSave'), body),
  acceptOrder: (id: number) => api.post<unknown>(url('orderAccept'), { id }),
  cancelOrder: (id: number, reason: string) => api.post<unknown>(url('orderCancel'), { id, reason }),
  saveDismiss: (body: DismissSave) => api.post<DismissRow>(url('dismissSave'), body),
  handleDismiss: (body: DismissHandle) => api.post<unknown>(url('dismissHandle'), body),
  cancelDismiss: (id: number, reason: string) => api.post<unknown>(url('dismissCancel'), { id, reason }),
  addOnboarding: (body: OnboardingAdd) => api.post<OnboardingResult>(url('onboardingAdd'), body),
  confirmOnboarding: (placementId: number, hireDate?: string) => api.post<OnboardingConfirmResult>(url('onboardingConfirm'), { placementId, ...(hireDate ? { hireDate } : {}) }),
  abandonOnboarding: (placementId: number, reason: string) => api.post<unknown>(url('onboardingAbandon'), { placementId, reason }),
  startQuit: (body: OsQuitStart) => api.post<unknown>(url('quitStart'), body),
  completeQuit: (placementId: number) => api.post<unknown>(url('quitComplete'), { placementId }),
  createInvite: (body: OnboardingInvite) => api.post<OsInviteView>(url('onboardingInvite'), body),
  placeInvited: (inviteId: number, employeeId: number) => api.post<OnboardingResult>(url('invitedPlace'), { inviteId, employeeId }),
  replaceFormer: (employeeId: number, placement: PlacementTerms) => api.post<OnboardingResult>(url('formerReplace'), { employeeId, placement }),
};
