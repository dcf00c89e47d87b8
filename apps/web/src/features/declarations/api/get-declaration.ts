import type { Declaration } from '@origem/contract/schemas/declarations';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../api/http';
import { DECLARATION_PATH, declarationKeys } from './keys';

/** GET /v1/declaration/{id}: the declaration, its origin check, what this user may do now and its history. */
export function useDeclaration(id: number | null) {
  return useQuery({
    queryKey: declarationKeys.detail(id ?? 0),
    queryFn: ({ signal }) => http.get<Declaration>(`${DECLARATION_PATH}/${id}`, { signal }),
    enabled: id !== null,
    staleTime: 0,
  });
}
