import type { Role } from '@origem/contract/schemas/roles';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../api/http';
import { roleKeys } from './role-keys';

/** GET /v1/role/{id}: one role with its permission ids. A 404 shows the client's 'Registro não encontrado.' */
export function useRole(id: number | null) {
  return useQuery({
    queryKey: roleKeys.detail(id ?? 0),
    queryFn: ({ signal }) => http.get<Role>(`/v1/role/${id}`, { signal }),
    enabled: id !== null,
    // The form starts from what the server holds now, not from a copy cached by an earlier visit.
    staleTime: 0,
  });
}
