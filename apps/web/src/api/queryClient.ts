import { QueryClient } from '@tanstack/react-query';

/**
 * A cache of server state. Failures have already been shown by the request module, so queries do
 * not retry (which would repeat them) and do not refetch on focus.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
    },
  });
}

/** The app's cache of server state (stories make one of their own each). */
export const queryClient = createQueryClient();
