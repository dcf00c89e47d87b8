import type { Role, RoleInput } from '@origem/contract/schemas/roles';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../api/http';
import { invalidateRoleLists } from './role-keys';

/** POST /v1/role (201 with the role). A 422 (e.g. name taken) is left to the form. */
export function useCreateRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RoleInput) => http.post<Role>('/v1/role', input),
    onSuccess: () => invalidateRoleLists(queryClient),
  });
}
