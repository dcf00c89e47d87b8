import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../api/http';
import { userKeys } from './query-keys';

/** DELETE /v1/user/{id} → { message }. The server keeps the row (soft delete) and ends the user's sessions. */
export function deleteUser(id: number): Promise<{ message: string }> {
  return http.delete<{ message: string }>(`/v1/user/${id}`);
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: async (_answer, id) => {
      // Marked stale without refetching: the screen that deleted it may still be showing it (a GET would 404).
      void queryClient.invalidateQueries({ queryKey: userKeys.detail(id), refetchType: 'none' });
      await queryClient.invalidateQueries({ queryKey: userKeys.search });
    },
  });
}
