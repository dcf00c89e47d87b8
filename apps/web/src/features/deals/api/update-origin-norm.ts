import type { OriginNorm, OriginNormInput } from '@origem/contract/schemas/deals';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../api/http';
import { invalidateDealData } from './deal-keys';

/** PUT /v1/origin_norm/{id} → the norm (it may move to another deal). */
export function updateOriginNorm(id: number, input: OriginNormInput): Promise<OriginNorm> {
  return http.put<OriginNorm>(`/v1/origin_norm/${id}`, input);
}

export function useUpdateOriginNorm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: OriginNormInput }) => updateOriginNorm(id, input),
    onSuccess: () => invalidateDealData(queryClient),
  });
}
