import type {
  AdminApiToken,
  ApiToken,
  ApiTokenCreate,
  ApiTokenCreated,
} from '@origem/contract/schemas/api-tokens';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../api/http';
import type { ListControls } from '../../../ui/use-list-search';
import { type ServerTable, useServerTable } from '../../../ui/use-server-table';

const OWN_PATH = '/v1/api-token';
const ADMIN_PATH = '/v1/admin/api-token';
const keys = {
  own: ['api-tokens', 'own'] as const,
  scopes: ['api-tokens', 'scopes'] as const,
  all: ['api-tokens', 'all'] as const,
};

export type TokenScope = { name: string; label: string; group: string };

/** GET /v1/api-token: the user's own tokens, newest first. */
export function useOwnTokens() {
  return useQuery({
    queryKey: keys.own,
    queryFn: ({ signal }) => http.get<{ data: ApiToken[] }>(OWN_PATH, { signal }),
  });
}

/** GET /v1/api-token/scopes: the permissions the user may give a token. */
export function useTokenScopes() {
  return useQuery({
    queryKey: keys.scopes,
    queryFn: ({ signal }) =>
      http.get<{ data: TokenScope[]; second_factor: boolean }>(`${OWN_PATH}/scopes`, { signal }),
  });
}

/** POST /v1/api-token: the answer carries the token, shown once. */
export function useCreateToken() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ApiTokenCreate) => http.post<ApiTokenCreated>(OWN_PATH, body),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.own }),
  });
}

/** DELETE /v1/api-token/{id} (own) or /v1/admin/api-token/{id} (administrator). */
export function useRevokeToken(scope: 'own' | 'all') {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      http.delete<{ message: string }>(`${scope === 'own' ? OWN_PATH : ADMIN_PATH}/${id}`),
    onSettled: () => client.invalidateQueries({ queryKey: scope === 'own' ? keys.own : keys.all }),
  });
}

/** GET /v1/admin/api-token: every user's tokens, paged. */
export function useAllTokensTable(list: ListControls): ServerTable<AdminApiToken> {
  return useServerTable<AdminApiToken>({ queryKey: keys.all, path: ADMIN_PATH, list });
}
