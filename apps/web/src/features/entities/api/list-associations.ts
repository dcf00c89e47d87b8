import type { Association } from '@origem/contract/schemas/entities';
import type { ListControls } from '../../../ui/use-list-search';
import { type ServerTable, useServerTable } from '../../../ui/use-server-table';
import { entityKeys } from './entity-keys';

/** GET /v1/trade_association?page&name (name, abbreviation or EHId): the associations the session reaches. */
export function useAssociationsTable(list: ListControls): ServerTable<Association> {
  return useServerTable<Association>({
    queryKey: entityKeys.list('associations'),
    path: '/v1/trade_association',
    list,
  });
}
