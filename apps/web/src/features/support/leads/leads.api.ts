import { encryptLeadMobile, LEAD_API, LEAD_PATHS, type LeadAdd, type LeadAddResult, type LeadEventView, type OpLeadView, type PageMessage } from '@wfsaas/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../app/api/instance.ts';
import { promoterOfVisit } from '../../../app/entry/promoter.ts';
import type { PageQuery } from '../../../app/ui/table.ts';

const url = (k: keyof typeof LEAD_PATHS) => `${LEAD_API}${LEAD_PATHS[k]}`;
export type Paged<T> = { data: T[]; pageMessage: PageMessage };

export type LeadFormValues = { mobile: string; inEmp?: number | null; remark?: string };

/** club/add: the mobile encrypted in the browser, the promoter of the visit attached. */
export async function submitLead(planNumType: string, v: LeadFormValues): Promise<LeadAddResult> {
  const promoter = promoterOfVisit();
  const body: Partial<LeadAdd> = {
    mobile: await encryptLeadMobile(v.mobile.trim()),
    planNumType,
    remark: v.remark?.trim() || undefined,
    inEmp: v.inEmp ?? undefined,
    ...(promoter ? { promoter, gwSource: promoter.gwSource } : {}),
  };
  return api.post<LeadAddResult>(url('add'), body);
}

export function useOperatorLeadPage(q: PageQuery & { status?: number; promoterId?: string }) {
  return useQuery({
    queryKey: ['op-leads', q],
    queryFn: async (): Promise<Paged<OpLeadView>> => {
      const r = await api.postList<OpLeadView>(url('opPage'), q);
      return { data: r.data ?? [], pageMessage: r.pageMessage };
    },
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useLeadEvents(id: number | null) {
  return useQuery({ queryKey: ['op-leads', 'events', id], queryFn: async () => (await api.post<LeadEventView[]>(url('opEvents'), { id })) ?? [], enabled: id !== null, staleTime: 0 });
}

export function useInvalidateOperatorLeads() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: ['op-leads'] });
}

export const operatorLeadCalls = {
  reveal: (id: number) => api.post<{ mobile: string }>(url('opReveal'), { id }),
  follow: (id: number, status: number, note: string) => api.post<OpLeadView>(url('opFollow'), { id, status, note }),
};
