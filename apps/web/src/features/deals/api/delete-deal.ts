import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../api/http';
import { dealKeys, invalidateDealData } from './deal-keys';

/**
 * DELETE /v1/deal/{id} → { message }. Refused (409, the reason shown by the http client) while norms, rules, a
 * certificate model or association fees point at the deal.
 */
export function deleteDeal(id: number): Promise<{ message: string }> {
  return http.delete<{ message: string }>(`/v1/deal/${id}`);
}

export function useDeleteDeal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDeal,
    onSuccess: async (_answer, id) => {
      queryClient.removeQueries({ queryKey: dealKeys.detail(id) });
      await invalidateDealData(queryClient);
    },
  });
}
