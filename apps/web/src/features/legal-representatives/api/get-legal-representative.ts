import type { LegalRepresentative } from '@origem/contract/schemas/legal-representatives';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../api/http';
import { LEGAL_REPRESENTATIVES_PATH, legalRepresentativeKeys } from './keys';

/** GET /v1/legal_representative/{id}; disabled on the create screen (`id` null). */
export function useLegalRepresentative(id: number | null) {
  return useQuery({
    queryKey: legalRepresentativeKeys.detail(id ?? 0),
    queryFn: ({ signal }) => http.get<LegalRepresentative>(`${LEGAL_REPRESENTATIVES_PATH}/${id}`, { signal }),
    enabled: id !== null,
    staleTime: 0,
  });
}
