import type { DealNormsInput, OriginNorm } from '@origem/contract/schemas/deals';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../api/http';
import { invalidateDealData } from './deal-keys';

/**
 * POST /v1/deal/origin_norms → { data: the deal's norms }. Replaces the whole set in one transaction: rows with an
 * id are kept, rows without one created, the rest deleted; a norm in use refuses the save (409).
 */
export function saveDealNorms(input: DealNormsInput): Promise<{ data: OriginNorm[] }> {
  return http.post<{ data: OriginNorm[] }>('/v1/deal/origin_norms', input);
}

export function useSaveDealNorms() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveDealNorms, onSuccess: () => invalidateDealData(queryClient) });
}
