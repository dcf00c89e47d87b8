import type { Role, RoleInput } from '@origem/contract/schemas/roles';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../api/http';
import { invalidateRoleLists } from './role-keys';

/**
 * PUT /v1/role/{id}. The server refuses (422) a new name or type for a system role, a new type while users
 * have the role, and an administrator role without role.manage/user.manage or inactive.
 */
export function useUpdateRole(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RoleInput) => http.put<Role>(`/v1/role/${id}`, input),
    onSuccess: () => invalidateRoleLists(queryClient),
  });
}
