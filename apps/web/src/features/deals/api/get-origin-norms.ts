import type { OriginNorm } from '@origem/contract/schemas/deals';
import type { ListControls } from '../../../ui/use-list-search';
import { type ServerTable, useServerTable } from '../../../ui/use-server-table';
import { dealKeys } from './deal-keys';

/** GET /v1/origin_norm?page&name&deal_id — ordered by deal, then name. */
export function useOriginNormsTable(list: ListControls): ServerTable<OriginNorm> {
  return useServerTable<OriginNorm>({ queryKey: dealKeys.normList, path: '/v1/origin_norm', list });
}
