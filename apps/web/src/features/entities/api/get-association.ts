import type { AssociationDetail } from '@origem/contract/schemas/entities';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../api/http';
import { entityKeys } from './entity-keys';

/** GET /v1/trade_association/{id}: the association with its federation and fee table. */
export function useAssociation(id: number | null) {
  return useQuery({
    queryKey: entityKeys.detail('associations', id ?? 0),
    queryFn: ({ signal }) => http.get<AssociationDetail>(`/v1/trade_association/${id}`, { signal }),
    enabled: id !== null,
    staleTime: 0,
  });
}
