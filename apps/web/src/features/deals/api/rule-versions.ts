import type { OriginRule, OriginRuleHistory, OriginRuleVersionInput } from '@origem/contract/schemas/deals';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../api/http';
import { dealKeys, invalidateDealData } from './deal-keys';

/** GET /v1/origin_rule/{id}/history: every version of the rule's code, with the certificates that cited each. */
export function useRuleHistory(id: number) {
  return useQuery({
    queryKey: [...dealKeys.rule(id), 'history'],
    queryFn: ({ signal }) => http.get<OriginRuleHistory>(`/v1/origin_rule/${id}/history`, { signal }),
  });
}

/** POST /v1/origin_rule/{id}/version (201 → the new version): the rule changes from `valid_from` on. */
export function useNewRuleVersion(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: OriginRuleVersionInput) =>
      http.post<OriginRule>(`/v1/origin_rule/${id}/version`, input),
    onSuccess: () => invalidateDealData(queryClient),
  });
}
