import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../api/http';
import { dealKeys, invalidateDealData } from './deal-keys';

/** DELETE /v1/origin_rule/{id} → { message }; 409 while a record cites the rule. */
export function deleteOriginRule(id: number): Promise<{ message: string }> {
  return http.delete<{ message: string }>(`/v1/origin_rule/${id}`);
}

export function useDeleteOriginRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteOriginRule,
    onSuccess: async (_answer, id) => {
      queryClient.removeQueries({ queryKey: dealKeys.rule(id) });
      await invalidateDealData(queryClient);
    },
  });
}
