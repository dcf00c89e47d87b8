import type { PartyRecord } from '@origem/contract/schemas/party-records';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../api/http';
import { type PartyKindView, partyKeys } from '../party-kind';

/** GET /v1/exporter/{id} or /v1/dispatcher/{id}; disabled on the create screen (`id` null). */
export function useParty(view: PartyKindView, id: number | null) {
  return useQuery({
    queryKey: partyKeys.detail(view.kind, id ?? 0),
    queryFn: ({ signal }) => http.get<PartyRecord>(`${view.api}/${id}`, { signal }),
    enabled: id !== null,
    staleTime: 0,
  });
}
