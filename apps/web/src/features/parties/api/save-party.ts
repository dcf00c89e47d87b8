import type { PartyRecord } from '@origem/contract/schemas/party-records';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../api/http';
import { type PartyKindView, partyKeys } from '../party-kind';

/** After a save or delete: the lists, details and `…/all` selects of that kind refetch. */
export async function invalidateParties(queryClient: QueryClient, view: PartyKindView) {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: partyKeys.all(view.kind) }),
    queryClient.invalidateQueries({ queryKey: ['options', `${view.api}/all`] }),
  ]);
}

/** POST /v1/{kind} (create) or POST /v1/{kind}/{id} (multipart edit with the optional `social_contract`). */
export function useSaveParty(view: PartyKindView) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: FormData }) =>
      http.post<PartyRecord>(id ? `${view.api}/${id}` : view.api, body),
    onSuccess: () => invalidateParties(queryClient, view),
  });
}
