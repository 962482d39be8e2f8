import { useCallback, useState } from 'react';
import { useSession } from '../../app/session/SessionProvider.tsx';
import { loadCurrentEntity, saveCurrentEntity } from './current-entity.ts';

/** The entity HR works on (设为当前), remembered per company; the other hosting screens filter by it first. */
export function useCurrentEntity(): [number | null, (id: number | null) => void] {
  const { companyId } = useSession();
  const [state, setState] = useState<{ companyId: number | null; id: number | null }>(() => ({ companyId, id: loadCurrentEntity(window.localStorage, companyId) }));
  const id = state.companyId === companyId ? state.id : loadCurrentEntity(window.localStorage, companyId);
  const set = useCallback(
    (next: number | null) => {
      saveCurrentEntity(window.localStorage, companyId, next);
      setState({ companyId, id: next });
    },
    [companyId],
  );
  return [id, set];
}
