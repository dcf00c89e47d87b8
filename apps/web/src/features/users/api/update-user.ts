import type { User, UserInput } from '@origem/contract/schemas/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../api/http';
import { userKeys } from './query-keys';

/** PUT /v1/user/{id} → User. */
export function updateUser(id: number, input: UserInput): Promise<User> {
  return http.put<User>(`/v1/user/${id}`, input);
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: UserInput }) => updateUser(id, input),
    onSuccess: async (user) => {
      queryClient.setQueryData(userKeys.detail(user.id), user);
      await queryClient.invalidateQueries({ queryKey: userKeys.search });
    },
  });
}
