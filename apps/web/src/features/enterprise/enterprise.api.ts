import type {
  CertificationState,
  EnterpriseProfile,
  EnterpriseProfileSave,
  EnterpriseProfileSaved,
  LicenceOcrResult,
  LoginShareAdd,
  LoginShareMemberOption,
  LoginShareRoleOption,
  LoginShareRow,
  LoginShareTarget,
  OperatorCertificationRow,
  OperatorPaymentRow,
  PaymentDetail,
  ThreeInitAuthItem,
} from '@wfsaas/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../app/api/instance.ts';
import { uploadMultipart } from '../../app/api/upload.ts';
import { useSession } from '../../app/session/SessionProvider.tsx';

export const INFO_EDIT = 'enterpriseInformation.edit';
export const ACCREDIT_EDIT = 'accredit.edit';

const API = '/wfsaas-saas/api';

export type PaymentResult = PaymentDetail & { verified: boolean };
type Uploaded = { fileId: string; url: string };

export const enterpriseCalls = {
  profile: () => api.post<EnterpriseProfile>(`${API}/companyInfo/get`, {}),
  saveProfile: (v: EnterpriseProfileSave) => api.post<EnterpriseProfileSaved>(`${API}/companyInfo/save`, v),
  uploadLogo: (file: File) => uploadMultipart<Uploaded>('/wfsaas-file/api/file/uploadStatic', file),
  uploadLicence: (file: File) => uploadMultipart<Uploaded>('/wfsaas-file/api/file/upload', file),
  certification: () => api.post<CertificationState>(`${API}/companyAuth/detail`, {}),
  sendCode: () => api.post<{ resendAfter: number; phone: string }>(`${API}/companyAuth/sendSmsVerifyCode`, {}),
  saveLicence: (v: { licenseFileId: string; legalName: string; legalIdNumber: string; legalPhone: string; smsCode: string }) => api.post<CertificationState>(`${API}/companyAuth/save`, v),
  /** The OCR's own refusal (not installed) is shown on the form, not as a toast. */
  ocr: (fileId: string) => api.post<LicenceOcrResult>(`${API}/licenseOcr`, { fileId }, { silent: true }),
  startPayment: (v: { bankName: string; accountNumber: string }) => api.post<PaymentResult>(`${API}/companyAuth/saveByPayment`, { action: 'start', ...v }),
  verifyPayment: (paymentId: number, amount: string) => api.post<PaymentResult>(`${API}/companyAuth/saveByPayment`, { action: 'verify', paymentId, amount }),
  threeInitAuth: () => api.postList<ThreeInitAuthItem>(`${API}/threeInitAuth/page`, { pageNum: 1, pageSize: 100 }),
  cancelThreeInitAuth: (id: number) => api.post(`${API}/threeInitAuth/cancel`, { id }),
  syncThreeInitAuth: (id: number) => api.post(`${API}/threeInitAuth/sync`, { id }),
  shares: () => api.post<LoginShareRow[]>(`${API}/loginShareConfig/list`, {}),
  shareTargets: () => api.post<LoginShareTarget[]>(`${API}/loginShareConfig/targets`, {}),
  shareMembers: () => api.post<LoginShareMemberOption[]>(`${API}/loginShareConfig/members`, {}),
  shareRoles: (targetCompanyId: number) => api.post<LoginShareRoleOption[]>(`${API}/loginShareConfig/roles`, { targetCompanyId }),
  addShare: (v: LoginShareAdd) => api.post<LoginShareRow[]>(`${API}/loginShareConfig/add`, v),
  changeShareRole: (id: number, roleId: number) => api.post<LoginShareRow[]>(`${API}/loginShareConfig/updateRole`, { id, roleId }),
  revokeShare: (id: number) => api.post<LoginShareRow[]>(`${API}/loginShareConfig/revoke`, { id }),
};

export const operatorCalls = {
  list: (status?: number) => api.post<OperatorCertificationRow[]>(`${API}/operator/certification/list`, status ? { status } : {}, { commonFields: false }),
  approve: (companyId: number, id: number) => api.post(`${API}/operator/certification/approve`, { companyId, id }, { commonFields: false }),
  reject: (companyId: number, id: number, reason: string) => api.post(`${API}/operator/certification/reject`, { companyId, id, reason }, { commonFields: false }),
  licence: (companyId: number, id: number) => api.download(`${API}/operator/certification/licence`, { companyId, id }, { commonFields: false }),
  payments: (status?: number) => api.post<OperatorPaymentRow[]>(`${API}/operator/certification/payments`, status === undefined ? {} : { status }, { commonFields: false }),
  executed: (companyId: number, id: number) => api.post(`${API}/operator/certification/paymentExecuted`, { companyId, id }, { commonFields: false }),
};

export const enterpriseKeys = {
  all: (companyId: number | null) => ['enterprise', companyId] as const,
  profile: (companyId: number | null) => ['enterprise', companyId, 'profile'] as const,
  certification: (companyId: number | null) => ['enterprise', companyId, 'certification'] as const,
  shares: (companyId: number | null) => ['enterprise', companyId, 'shares'] as const,
  threeInitAuth: (companyId: number | null) => ['enterprise', companyId, 'threeInitAuth'] as const,
};

export function useProfile() {
  const { companyId } = useSession();
  return useQuery({ queryKey: enterpriseKeys.profile(companyId), queryFn: enterpriseCalls.profile, staleTime: 0 });
}

export function useCertification() {
  const { companyId } = useSession();
  return useQuery({ queryKey: enterpriseKeys.certification(companyId), queryFn: enterpriseCalls.certification, staleTime: 0 });
}

export function useShares() {
  const { companyId } = useSession();
  return useQuery({ queryKey: enterpriseKeys.shares(companyId), queryFn: enterpriseCalls.shares, staleTime: 0 });
}

export function useThreeInitAuth() {
  const { companyId } = useSession();
  return useQuery({ queryKey: enterpriseKeys.threeInitAuth(companyId), queryFn: enterpriseCalls.threeInitAuth, staleTime: 0 });
}

/** Refetches everything of this screen area for the current company. */
export function useInvalidateEnterprise() {
  const { companyId } = useSession();
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: enterpriseKeys.all(companyId) });
}
