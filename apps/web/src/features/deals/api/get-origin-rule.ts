import type { OriginRule } from '@origem/contract/schemas/deals';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../api/http';
import { dealKeys } from './deal-keys';

/** GET /v1/origin_rule/{id}. */
export function getOriginRule(id: number, signal?: AbortSignal): Promise<OriginRule> {
  return http.get<OriginRule>(`/v1/origin_rule/${id}`, { signal });
}

export function useOriginRule(id: number | null) {
  return useQuery({
    queryKey: dealKeys.rule(id ?? 0),
    queryFn: ({ signal }) => getOriginRule(id ?? 0, signal),
    enabled: id !== null,
  });
}
