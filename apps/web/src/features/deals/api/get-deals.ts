import type { Deal } from '@origem/contract/schemas/deals';
import type { ListControls } from '../../../ui/use-list-search';
import { type ServerTable, useServerTable } from '../../../ui/use-server-table';
import { dealKeys } from './deal-keys';

/** GET /v1/deal?page&abbreviation — in abbreviation order (ACE-2, ACE-14, …) by the server. */
export function useDealsTable(list: ListControls): ServerTable<Deal> {
  return useServerTable<Deal>({ queryKey: dealKeys.list, path: '/v1/deal', list });
}
