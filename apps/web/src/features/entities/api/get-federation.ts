import type { Federation } from '@origem/contract/schemas/entities';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../api/http';
import { entityKeys } from './entity-keys';

/** GET /v1/federation/{id}; disabled on the create screen (`id` null). */
export function useFederation(id: number | null) {
  return useQuery({
    queryKey: entityKeys.detail('federations', id ?? 0),
    queryFn: ({ signal }) => http.get<Federation>(`/v1/federation/${id}`, { signal }),
    enabled: id !== null,
    staleTime: 0,
  });
}
