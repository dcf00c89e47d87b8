import type { PartyListSearch, PartyRecord } from '@origem/contract/schemas/party-records';
import type { ListState } from '../../../ui/use-list-search';
import { toQueryParams, useServerTable } from '../../../ui/use-server-table';
import { type PartyKindView, partyKeys } from '../party-kind';

/** GET /v1/exporter or /v1/dispatcher, or their …/with_trashed when "Mostrar excluídos" is on. */
export function usePartiesTable(view: PartyKindView, list: ListState<PartyListSearch>) {
  const { excluidos, ...filters } = list.search;
  return useServerTable<PartyRecord>({
    queryKey: [...partyKeys.list(view.kind), excluidos ? 'trashed' : 'live'],
    path: excluidos ? `${view.api}/with_trashed` : view.api,
    list,
    query: toQueryParams({ ...filters, page: list.page }),
  });
}
