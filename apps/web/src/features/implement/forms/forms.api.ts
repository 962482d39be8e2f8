import { FORM_PATHS, FORMS_API, type FormSave, type FormVersionSummary, type FormVersionView } from '@wfsaas/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../app/api/instance.ts';
import { useSession } from '../../../app/session/SessionProvider.tsx';

/** The calls of the form designer. */
const url = (p: string) => `${FORMS_API}${p}`;

export const formKeys = {
  all: (companyId: number | null) => ['customerForm', companyId] as const,
  form: (companyId: number | null, formId: number | null) => ['customerForm', companyId, 'form', formId] as const,
  versions: (companyId: number | null, formId: number | null) => ['customerForm', companyId, 'versions', formId] as const,
  version: (companyId: number | null, formId: number | null, v: number | null) => ['customerForm', companyId, 'version', formId, v] as const,
};

export function useFormCurrent(formId: number | null) {
  const { companyId } = useSession();
  return useQuery({ queryKey: formKeys.form(companyId, formId), queryFn: () => api.post<FormVersionView>(url(FORM_PATHS.get), { formId }), enabled: formId !== null });
}

export function useFormVersions(formId: number | null) {
  const { companyId } = useSession();
  return useQuery({ queryKey: formKeys.versions(companyId, formId), queryFn: () => api.post<FormVersionSummary[]>(url(FORM_PATHS.versions), { formId }), enabled: formId !== null });
}

export function useFormVersion(formId: number | null, version: number | null) {
  const { companyId } = useSession();
  return useQuery({ queryKey: formKeys.version(companyId, formId, version), queryFn: () => api.post<FormVersionView>(url(FORM_PATHS.version), { formId, version }), enabled: formId !== null && version !== null });
}

/** Saves a new version; the designer's queries and the employee form (customForm/get) refetch. */
export function useSaveForm() {
  const { companyId } = useSession();
  const queryClient = useQueryClient();
  return async (body: FormSave): Promise<FormVersionView> => {
    const saved = await api.post<FormVersionView>(url(FORM_PATHS.save), body);
    await queryClient.invalidateQueries({ queryKey: formKeys.all(companyId) });
    await queryClient.invalidateQueries({ queryKey: ['employees'] });
    return saved;
  };
}
