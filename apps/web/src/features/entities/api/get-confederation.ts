import type { Confederation } from '@origem/contract/schemas/entities';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../api/http';
import { entityKeys } from './entity-keys';

/** GET /v2/confederation/{id}. */
export function useConfederation(id: number | null) {
  return useQuery({
    queryKey: entityKeys.detail('confederations', id ?? 0),
    queryFn: ({ signal }) => http.get<Confederation>(`/v2/confederation/${id}`, { signal }),
    enabled: id !== null,
    staleTime: 0,
  });
}
