import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../api/http';
import { dealKeys, invalidateDealData } from './deal-keys';

/** DELETE /v1/origin_norm/{id} → { message }; 409 while a record cites the norm. */
export function deleteOriginNorm(id: number): Promise<{ message: string }> {
  return http.delete<{ message: string }>(`/v1/origin_norm/${id}`);
}

export function useDeleteOriginNorm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteOriginNorm,
    onSuccess: async (_answer, id) => {
      queryClient.removeQueries({ queryKey: dealKeys.norm(id) });
      await invalidateDealData(queryClient);
    },
  });
}
