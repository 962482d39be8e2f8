import { ESIGN_API, type ContractVerifyResult, type SealGenerate, type SealPage, type SealView } from '@wfsaas/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api } from '../../app/api/instance.ts';
import { uploadMultipart } from '../../app/api/upload.ts';
import { useSession } from '../../app/session/SessionProvider.tsx';

export { SEAL_EDIT, SEAL_READ } from '@wfsaas/contracts';

const SEAL = `${ESIGN_API}/seal`;

export const ROOT_PEM_URL = `${ESIGN_API}/ca/root.pem`;

const keys = {
  all: (companyId: number | null) => ['seals', companyId] as const,
  page: (companyId: number | null, q: SealPage) => ['seals', companyId, 'page', q] as const,
  image: (companyId: number | null, sealId: number) => ['seals', companyId, 'image', sealId] as const,
};

export function useSealPage(q: SealPage) {
  const { companyId } = useSession();
  return useQuery({ queryKey: keys.page(companyId, q), queryFn: () => api.postList<SealView>(`${SEAL}/list`, q), placeholderData: keepPreviousData, staleTime: 0 });
}

/** Every seal the caller may see (for pickers such as the role's seal data permission). */
export function useAllSeals(enabled = true) {
  const { companyId } = useSession();
  const q: SealPage = { pageNum: 1, pageSize: 500 };
  return useQuery({ queryKey: keys.page(companyId, q), queryFn: async () => (await api.postList<SealView>(`${SEAL}/list`, q)).data ?? [], enabled, staleTime: 30_000 });
}

/** The seal's PNG as an object URL (revoked when no longer used). */
export function useSealImage(sealId: number | null) {
  const { companyId } = useSession();
  const blob = useQuery({
    queryKey: keys.image(companyId, sealId ?? 0),
    queryFn: async () => (await api.download(`${SEAL}/image`, { sealId })).blob,
    enabled: sealId !== null,
    staleTime: 5 * 60_000,
  });
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob.data) return;
    const u = URL.createObjectURL(blob.data);
    setUrl(u);
    return () => URL.revokeObjectURL(u);
  }, [blob.data]);
  return { url, isLoading: blob.isLoading };
}

export function useSealActions() {
  const { companyId } = useSession();
  const qc = useQueryClient();
  const refresh = () => qc.invalidateQueries({ queryKey: keys.all(companyId) });
  return {
    generate: async (body: SealGenerate) => {
      const seal = await api.post<SealView>(`${SEAL}/generate`, body);
      await refresh();
      return seal;
    },
    upload: async (file: File, name: string, type: number) => {
      const seal = await uploadMultipart<SealView>(`${SEAL}/upload?name=${encodeURIComponent(name)}&type=${type}`, file);
      await refresh();
      return seal;
    },
    setEnabled: async (sealId: number, enabled: boolean) => {
      await api.post<SealView>(`${SEAL}/${enabled ? 'enable' : 'disable'}`, { sealId });
      await refresh();
    },
    remove: async (sealId: number) => {
      await api.post<null>(`${SEAL}/remove`, { sealId });
      await refresh();
    },
  };
}

export function verifyContract(file: File): Promise<ContractVerifyResult> {
  return uploadMultipart<ContractVerifyResult>(`${ESIGN_API}/contract/verify`, file, { timeoutMs: 120_000 });
}

/** Yes/no for the verification report. */
export function yesNo(v: boolean, yes: string, no: string): string {
  return v ? yes : no;
}
