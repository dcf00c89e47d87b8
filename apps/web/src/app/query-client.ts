import { QueryClient } from '@tanstack/react-query';

/**
 * Failed calls already show their error (SPEC §8 dialogs or the list's error state with "Tentar novamente"),
 * so nothing is retried behind the user's back, and switching windows does not refetch.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}
