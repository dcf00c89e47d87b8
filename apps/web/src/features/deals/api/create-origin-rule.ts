import type { OriginRule, OriginRuleInput } from '@origem/contract/schemas/deals';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../api/http';
import { invalidateDealData } from './deal-keys';

/** POST /v1/origin_rule (201 → the rule). 422 when the deal already has the code. */
export function createOriginRule(input: OriginRuleInput): Promise<OriginRule> {
  return http.post<OriginRule>('/v1/origin_rule', input);
}

export function useCreateOriginRule() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createOriginRule, onSuccess: () => invalidateDealData(queryClient) });
}
