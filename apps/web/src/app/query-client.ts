import { QueryClient } from '@tanstack/react-query';

/** Server state. The request client already shows every failure, so queries do not retry. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});
