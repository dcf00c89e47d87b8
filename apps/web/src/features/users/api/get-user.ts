import type { User } from '@origem/contract/schemas/users';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../api/http';
import { userKeys } from './query-keys';

/** GET /v1/user/{id}. A 404 shows 'Registro não encontrado.' (http client, SPEC §8). */
export function getUser(id: number, signal?: AbortSignal): Promise<User> {
  return http.get<User>(`/v1/user/${id}`, { signal });
}

export function userQueryOptions(id: number) {
  return queryOptions({
    queryKey: userKeys.detail(id),
    queryFn: ({ signal }) => getUser(id, signal),
  });
}

/** The user being edited; disabled (no call) on the create screen, where `id` is null. */
export function useUser(id: number | null) {
  return useQuery({ ...userQueryOptions(id ?? 0), enabled: id !== null });
}
