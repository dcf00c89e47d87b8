import type { OriginNorm, OriginNormInput } from '@origem/contract/schemas/deals';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../api/http';
import { invalidateDealData } from './deal-keys';

/** POST /v1/origin_norm (201 → the norm). 422 when the deal already has a norm with the name. */
export function createOriginNorm(input: OriginNormInput): Promise<OriginNorm> {
  return http.post<OriginNorm>('/v1/origin_norm', input);
}

export function useCreateOriginNorm() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createOriginNorm, onSuccess: () => invalidateDealData(queryClient) });
}
