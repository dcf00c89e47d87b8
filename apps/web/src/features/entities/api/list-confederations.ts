import type { Confederation } from '@origem/contract/schemas/entities';
import type { ListControls } from '../../../ui/use-list-search';
import { type ServerTable, useServerTable } from '../../../ui/use-server-table';
import { entityKeys } from './entity-keys';

/** GET /v2/confederation?page&name. */
export function useConfederationsTable(list: ListControls): ServerTable<Confederation> {
  return useServerTable<Confederation>({
    queryKey: entityKeys.list('confederations'),
    path: '/v2/confederation',
    list,
  });
}
