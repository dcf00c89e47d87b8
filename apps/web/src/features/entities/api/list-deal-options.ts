import { useQuery } from '@tanstack/react-query';
import { http } from '../../../api/http';

/** What the fee table needs of a deal (GET /v1/deal/all rows carry more). */
export type DealOption = { id: number; abbreviation: string; name: string; active?: boolean };

/**
 * GET /v1/deal/all: one fee row per deal. Failures stay on the screen (the fee table says it could not list the
 * deals and still shows the fees already set) instead of a dialog.
 */
export function useDealOptions() {
  return useQuery({
    queryKey: ['options', '/v1/deal/all'],
    queryFn: async () => {
      const answer = await http.get<{ data?: DealOption[] }>('/v1/deal/all', { list: true, silent: true });
      return Array.isArray(answer?.data) ? answer.data : [];
    },
    staleTime: 5 * 60_000,
    retry: false,
  });
}
