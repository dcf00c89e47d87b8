import { messages } from '@origem/contract/messages.pt';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../api/http';
import { invalidateRoleLists } from './role-keys';

/**
 * DELETE /v1/role/{id} → { message }. A 409 (system role, role in use) carries the Portuguese reason, which the
 * client's catalogue shows in an error dialog.
 */
export function useDeleteRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      const answer = await http.delete<{ message?: string } | undefined>(`/v1/role/${id}`);
      return answer?.message || messages.role.deleted;
    },
    onSuccess: () => invalidateRoleLists(queryClient),
  });
}
