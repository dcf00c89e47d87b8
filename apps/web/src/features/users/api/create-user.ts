import type { User, UserInput } from '@origem/contract/schemas/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../api/http';
import { userKeys } from './query-keys';

/** POST /v1/user (201 → User). The server e-mails the new user a link to set the password. */
export function createUser(input: UserInput): Promise<User> {
  return http.post<User>('/v1/user', input);
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: async (user) => {
      queryClient.setQueryData(userKeys.detail(user.id), user);
      await queryClient.invalidateQueries({ queryKey: userKeys.search });
    },
  });
}
