import {
  SYSTEM_CONFIG_API,
  SYSTEM_CONFIG_EDIT,
  SYSTEM_CONFIG_PATHS,
  SYSTEM_FIELD_CONFIG_API,
  SYSTEM_FIELD_CONFIG_PATHS,
  type PageWatermarkSettings,
  type PageWatermarkView,
  type RetentionSettings,
  type SecuritySettings,
  type SystemConfigView,
  type SystemFieldSave,
  type SystemFieldSetting,
} from '@wfsaas/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../app/api/instance.ts';
import { useSession } from '../../../app/session/SessionProvider.tsx';

export { SYSTEM_CONFIG_EDIT };

const fieldsUrl = (k: keyof typeof SYSTEM_FIELD_CONFIG_PATHS) => `${SYSTEM_FIELD_CONFIG_API}${SYSTEM_FIELD_CONFIG_PATHS[k]}`;
const configUrl = (k: keyof typeof SYSTEM_CONFIG_PATHS) => `${SYSTEM_CONFIG_API}${SYSTEM_CONFIG_PATHS[k]}`;
const K = (companyId: number | null, ...rest: unknown[]) => ['systemConfig', companyId, ...rest] as const;

/** Every standard field with the company's settings (the configuration screen). */
export function useFieldSettings() {
  const { companyId } = useSession();
  return useQuery({ queryKey: K(companyId, 'fields'), queryFn: async () => (await api.post<SystemFieldSetting[]>(fieldsUrl('list'), {})) ?? [], staleTime: 0 });
}

/** The shown standard fields in order: the roster's columns and the employee form read them. */
export function useVisibleFields() {
  const { companyId } = useSession();
  return useQuery({ queryKey: K(companyId, 'columns'), queryFn: async () => (await api.post<SystemFieldSetting[]>(fieldsUrl('columns'), {}, { silent: true })) ?? [], staleTime: 60_000 });
}

export function useSystemConfig() {
  const { companyId } = useSession();
  return useQuery({ queryKey: K(companyId, 'detail'), queryFn: () => api.post<SystemConfigView>(configUrl('detail'), {}), staleTime: 0 });
}

/** The signed-in member's page watermark. */
export function usePageWatermark() {
  const { companyId } = useSession();
  return useQuery({ queryKey: K(companyId, 'watermark'), queryFn: () => api.post<PageWatermarkView>(configUrl('watermark'), {}, { silent: true }), enabled: companyId !== null, staleTime: 300_000 });
}

export function useInvalidateSystemConfig() {
  const qc = useQueryClient();
  const { companyId } = useSession();
  return () => qc.invalidateQueries({ queryKey: ['systemConfig', companyId] });
}

export const systemConfigCalls = {
  saveFields: (body: SystemFieldSave) => api.post<SystemFieldSetting[]>(fieldsUrl('save'), body),
  resetFields: () => api.post<SystemFieldSetting[]>(fieldsUrl('reset'), {}),
  saveSecurity: (body: SecuritySettings) => api.post<SystemConfigView>(configUrl('securitySave'), body),
  saveWatermark: (body: PageWatermarkSettings) => api.post<SystemConfigView>(configUrl('watermarkSave'), body),
  saveRetention: (body: RetentionSettings) => api.post<SystemConfigView>(configUrl('retentionSave'), body),
};
