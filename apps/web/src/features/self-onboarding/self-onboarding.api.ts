import {
  ONBOARD_API,
  type InviteCreate,
  type InviteView,
  type SubmissionApprove,
  type SubmissionView,
} from '@wfsaas/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../app/api/instance.ts';
import { useSession } from '../../app/session/SessionProvider.tsx';

export { INVITE_EDIT } from '@wfsaas/contracts';

export type InviteQuery = { pageNum: number; pageSize: number; status?: 0 | 1 };
export type SubmissionQuery = { pageNum: number; pageSize: number; inviteId?: number; status?: 0 | 1 | 2; keyword?: string };

const keys = {
  all: (companyId: number | null) => ['selfOnboarding', companyId] as const,
  invites: (companyId: number | null, q: InviteQuery) => ['selfOnboarding', companyId, 'invites', q] as const,
  submissions: (companyId: number | null, q: SubmissionQuery) => ['selfOnboarding', companyId, 'submissions', q] as const,
};

export function useInvitePage(q: InviteQuery, enabled = true) {
  const { companyId } = useSession();
  return useQuery({ queryKey: keys.invites(companyId, q), queryFn: () => api.postList<InviteView>(`${ONBOARD_API}/invite/page`, q), placeholderData: keepPreviousData, staleTime: 0, enabled });
}

export function useSubmissionPage(q: SubmissionQuery) {
  const { companyId } = useSession();
  return useQuery({ queryKey: keys.submissions(companyId, q), queryFn: () => api.postList<SubmissionView>(`${ONBOARD_API}/submission/page`, q), placeholderData: keepPreviousData, staleTime: 0 });
}

export function useInvalidateOnboarding() {
  const { companyId } = useSession();
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: keys.all(companyId) });
}

export const onboardingCalls = {
  createInvite: (body: InviteCreate) => api.post<InviteView>(`${ONBOARD_API}/invite/create`, body),
  closeInvite: (inviteId: number) => api.post<InviteView>(`${ONBOARD_API}/invite/close`, { inviteId }),
  approve: (body: SubmissionApprove) => api.post<SubmissionView>(`${ONBOARD_API}/submission/approve`, body),
  reject: (submissionId: number, reason: string) => api.post<SubmissionView>(`${ONBOARD_API}/submission/reject`, { submissionId, reason }),
  /** One ID photo of a submission, as an image blob (silent: a missing photo only shows as absent). */
  photo: async (submissionId: number, side: 'front' | 'back') => (await api.download(`${ONBOARD_API}/submission/photo`, { submissionId, side }, { silent: true })).blob,
};
