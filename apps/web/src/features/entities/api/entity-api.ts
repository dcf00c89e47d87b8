import { messages } from '@origem/contract/messages.pt';
import { entityMessages } from '@origem/contract/schemas/entities';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../api/http';
import type { ListControls } from '../../../ui/use-list-search';
import { type ServerTable, useServerTable } from '../../../ui/use-server-table';
import { type EntityKind, entityKeys, invalidateEntity } from './entity-keys';

/** Where one kind of entity lives on the server (SPEC §7) and what its deletion answers. */
export type EntityApi = {
  key: EntityKind;
  /** The collection: GET ?page&name lists, POST creates, `{path}/{id}` reads, edits and deletes. */
  path: string;
  /** How an edit is sent: federations and associations POST multipart, confederations PUT it. */
  updateMethod: 'post' | 'put';
  /** The success text of a deletion. */
  deleted: string;
};

export const federationsApi: EntityApi = {
  key: 'federations',
  path: '/v1/federation',
  updateMethod: 'post',
  deleted: messages.success.federationDeleted,
};

export const associationsApi: EntityApi = {
  key: 'associations',
  path: '/v1/trade_association',
  updateMethod: 'post',
  deleted: entityMessages.association.deleted,
};

export const confederationsApi: EntityApi = {
  key: 'confederations',
  path: '/v2/confederation',
  updateMethod: 'put',
  deleted: messages.success.confederationDeleted,
};

/** GET {path}?page&name: the records the session reaches, by name (associations also by EHId). */
export function useEntityTable<R>(api: EntityApi, list: ListControls): ServerTable<R> {
  return useServerTable<R>({ queryKey: entityKeys.list(api.key), path: api.path, list });
}

/** GET {path}/{id}; disabled on the create screen (`id` null). */
export function useEntityRecord<R>(api: EntityApi, id: number | null) {
  return useQuery({
    queryKey: entityKeys.detail(api.key, id ?? 0),
    queryFn: ({ signal }) => http.get<R>(`${api.path}/${id}`, { signal }),
    enabled: id !== null,
    staleTime: 0,
  });
}

/**
 * Creates (POST {path}) without an id, edits ({updateMethod} {path}/{id}) with one. The body is multipart (the
 * logo travels with the record), except a new confederation's, which is JSON.
 */
export function useSaveEntity<R>(api: EntityApi) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: FormData | object }) =>
      id === undefined ? http.post<R>(api.path, body) : http[api.updateMethod]<R>(`${api.path}/${id}`, body),
    onSuccess: () => invalidateEntity(queryClient, api.key),
  });
}

/**
 * DELETE {path}/{id} → the success text. A 409 (records or users still belong to it) carries the reason, shown
 * by the client's error catalogue.
 */
export function useDeleteEntity(api: EntityApi) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await http.delete(`${api.path}/${id}`);
      return api.deleted;
    },
    onSuccess: async (_message, id) => {
      queryClient.removeQueries({ queryKey: entityKeys.detail(api.key, id) });
      await invalidateEntity(queryClient, api.key);
    },
  });
}
