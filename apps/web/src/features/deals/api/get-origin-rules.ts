import type { OriginRule } from '@origem/contract/schemas/deals';
import type { ListControls } from '../../../ui/use-list-search';
import { type ServerTable, useServerTable } from '../../../ui/use-server-table';
import { dealKeys } from './deal-keys';

/** GET /v1/origin_rule?page&deal_id&q — ordered by deal, then code. Admin and analista only. */
export function useOriginRulesTable(list: ListControls): ServerTable<OriginRule> {
  return useServerTable<OriginRule>({ queryKey: dealKeys.ruleList, path: '/v1/origin_rule', list });
}
