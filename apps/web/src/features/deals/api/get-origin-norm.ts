import type { OriginNorm } from '@origem/contract/schemas/deals';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../api/http';
import { dealKeys } from './deal-keys';

/** GET /v1/origin_norm/{id}. */
export function getOriginNorm(id: number, signal?: AbortSignal): Promise<OriginNorm> {
  return http.get<OriginNorm>(`/v1/origin_norm/${id}`, { signal });
}

export function useOriginNorm(id: number | null) {
  return useQuery({
    queryKey: dealKeys.norm(id ?? 0),
    queryFn: ({ signal }) => getOriginNorm(id ?? 0, signal),
    enabled: id !== null,
  });
}
