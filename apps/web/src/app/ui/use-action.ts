import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { ApiError } from '../api/client.ts';
import { toastSuccess } from './feedback.ts';

export type ActionOptions<A extends unknown[], R> = {
  /** Success toast: a text, or built from the result (null: none this time); none when omitted. */
  success?: string | ((result: R, ...args: A) => string | null);
  /** Refetched after success, before onSuccess runs: query keys (prefixes), or a feature's own invalidation. */
  invalidate?: readonly QueryKey[] | (() => Promise<unknown>);
  onSuccess?: (result: R, ...args: A) => unknown;
};

export type Action<A extends unknown[], R> = {
  /** Runs the action; resolves with the result, or undefined when it failed (the failure is already shown). */
  run: (...args: A) => Promise<R | undefined>;
  pending: boolean;
  /** The arguments of the run in flight (which row is busy); undefined when none is. */
  pendingArgs: A | undefined;
};

/** A form validation that did not pass: antd shows it on the fields. */
function isValidationError(e: unknown): boolean {
  return typeof e === 'object' && e !== null && 'errorFields' in e;
}

/**
 * A write from a button or form: pending flag, success toast, refetch of the touched queries. A failed
 * request was already toasted by the request client, so it is swallowed here; other errors propagate.
 */
export function useAction<A extends unknown[], R>(call: (...args: A) => Promise<R>, options: ActionOptions<A, R> = {}): Action<A, R> {
  const queryClient = useQueryClient();
  const mutation = useMutation<R, unknown, A>({
    mutationFn: (args) => call(...args),
    onSuccess: async (result, args) => {
      const { success, invalidate, onSuccess } = options;
      const text = typeof success === 'function' ? success(result, ...args) : success;
      if (text) toastSuccess(text);
      if (typeof invalidate === 'function') await invalidate();
      else if (invalidate) await Promise.all(invalidate.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
      await onSuccess?.(result, ...args);
    },
  });
  return {
    pending: mutation.isPending,
    pendingArgs: mutation.isPending ? mutation.variables : undefined,
    run: async (...args) => {
      try {
        return await mutation.mutateAsync(args);
      } catch (e) {
        if (e instanceof ApiError || isValidationError(e)) return undefined;
        throw e;
      }
    },
  };
}
