import type { OriginRule, OriginRuleInput } from '@origem/contract/schemas/deals';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../api/http';
import { invalidateDealData } from './deal-keys';

/** PUT /v1/origin_rule/{id} → the rule. */
export function updateOriginRule(id: number, input: OriginRuleInput): Promise<OriginRule> {
  return http.put<OriginRule>(`/v1/origin_rule/${id}`, input);
}

export function useUpdateOriginRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: OriginRuleInput }) => updateOriginRule(id, input),
    onSuccess: () => invalidateDealData(queryClient),
  });
}
