import {
  PUSH_API,
  PUSH_PATHS,
  type EmailPreview,
  type EmailSendView,
  type EmailTemplateUpdate,
  type EmailTemplateView,
  type MpAuthorizeUrl,
  type MpConfigSave,
  type MpConfigView,
  type MpMappingSave,
  type MpTemplateList,
  type MpTestSendResult,
  type PageMessage,
  type PushEventKey,
  type SmsTemplateSave,
  type SmsTemplateView,
} from '@wfsaas/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../app/api/instance.ts';
import { useSession } from '../../../app/session/SessionProvider.tsx';

const url = (k: keyof typeof PUSH_PATHS) => `${PUSH_API}${PUSH_PATHS[k]}`;
const K = (companyId: number | null, ...rest: unknown[]) => ['push', companyId, ...rest] as const;

export function useEmailTemplates() {
  const { companyId } = useSession();
  return useQuery({ queryKey: K(companyId, 'email'), queryFn: async () => (await api.post<EmailTemplateView[]>(url('emailTemplateList'), {})) ?? [], staleTime: 0 });
}

export function useEmailSends(q: { pageNum: number; pageSize: number }) {
  const { companyId } = useSession();
  return useQuery({
    queryKey: K(companyId, 'sends', q),
    queryFn: async (): Promise<{ data: EmailSendView[]; pageMessage: PageMessage }> => {
      const r = await api.postList<EmailSendView>(url('emailSendList'), q);
      return { data: r.data ?? [], pageMessage: r.pageMessage };
    },
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useMpConfig() {
  const { companyId } = useSession();
  return useQuery({ queryKey: K(companyId, 'mp-config'), queryFn: () => api.post<MpConfigView>(url('mpConfig'), {}), staleTime: 0 });
}

export function useMpTemplates() {
  const { companyId } = useSession();
  return useQuery({ queryKey: K(companyId, 'mp-templates'), queryFn: () => api.post<MpTemplateList>(url('mpTemplateList'), {}), staleTime: 0 });
}

export function useSmsTemplates() {
  const { companyId } = useSession();
  return useQuery({ queryKey: K(companyId, 'sms'), queryFn: async () => (await api.post<SmsTemplateView[]>(url('smsTemplateList'), {})) ?? [], staleTime: 0 });
}

export function useInvalidatePush() {
  const qc = useQueryClient();
  const { companyId } = useSession();
  return () => qc.invalidateQueries({ queryKey: ['push', companyId] });
}

export const pushCalls = {
  updateEmail: (body: EmailTemplateUpdate) => api.post<EmailTemplateView>(url('emailTemplateUpdate'), body),
  resetEmail: (event: PushEventKey) => api.post<EmailTemplateView>(url('emailTemplateReset'), { event }),
  previewEmail: (body: { event: PushEventKey; subject?: string; body?: string }) => api.post<EmailPreview>(url('emailTemplatePreview'), body),
  testSendEmail: (event: PushEventKey, to: string) => api.post<EmailSendView>(url('emailTemplateSend'), { event, to }),
  saveMpConfig: (body: MpConfigSave) => api.post<MpConfigView>(url('mpConfigSave'), body),
  pullMpTemplates: () => api.post<MpTemplateList>(url('mpTemplatePull'), {}),
  saveMpMapping: (body: MpMappingSave) => api.post<MpTemplateList>(url('mpMappingSave'), body),
  testSendMp: (event: PushEventKey, openId: string) => api.post<MpTestSendResult>(url('mpTestSend'), { event, openId }),
  authorizeUrl: (redirectUri: string, scope: 'snsapi_base' | 'snsapi_userinfo') => api.post<MpAuthorizeUrl>(url('mpAuthorizeUrl'), { redirectUri, scope }),
  saveSms: (body: SmsTemplateSave) => api.post<SmsTemplateView[]>(url('smsTemplateSave'), body),
};
