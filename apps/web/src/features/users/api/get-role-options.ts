import type { Role } from '@origem/contract/schemas/roles';
import { useQuery } from '@tanstack/react-query';
import { fetchAll } from '../../../api/paging';

/** GET /v1/role/all: the roles this user may hand out (the server leaves out the others). */
export const ROLE_OPTIONS_PATH = '/v1/role/all';

/**
 * The same cache entry as the Perfil <RemoteSelect>, so the form learns the chosen role's type without a second
 * call.
 */
export function useRoleOptions() {
  return useQuery({
    queryKey: ['options', ROLE_OPTIONS_PATH],
    queryFn: () => fetchAll<Role>(ROLE_OPTIONS_PATH),
    staleTime: 5 * 60_000,
  });
}
