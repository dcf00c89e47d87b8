import type { Federation } from '@origem/contract/schemas/entities';
import type { ListControls } from '../../../ui/use-list-search';
import { type ServerTable, useServerTable } from '../../../ui/use-server-table';
import { entityKeys } from './entity-keys';

/** GET /v1/federation?page&name: the federations the session reaches, by name. */
export function useFederationsTable(list: ListControls): ServerTable<Federation> {
  return useServerTable<Federation>({
    queryKey: entityKeys.list('federations'),
    path: '/v1/federation',
    list,
  });
}
