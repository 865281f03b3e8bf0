import { QueryClient } from '@tanstack/react-query';

/**
 * The cache of server state. Failures have already been shown by the request module, so queries
 * do not retry (which would repeat them) and do not refetch on focus.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
  },
});
