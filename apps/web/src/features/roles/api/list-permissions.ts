import type { PermissionRow } from '@origem/contract/schemas/roles';
import { useQuery } from '@tanstack/react-query';
import { fetchAll } from '../../../api/paging';
import { roleKeys } from './role-keys';

/** GET /v1/permission/all: the whole permission catalogue (it only changes with a release). */
export function usePermissions() {
  return useQuery({
    queryKey: roleKeys.permissions,
    queryFn: () => fetchAll<PermissionRow>('/v1/permission/all'),
    staleTime: 10 * 60_000,
  });
}
