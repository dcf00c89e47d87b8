import type { LookupDefinition, LookupRow } from '@origem/contract/schemas/lookups';
import type { ListControls } from '../../../ui/use-list-search';
import { type ServerTable, useServerTable } from '../../../ui/use-server-table';
import { lookupKeys } from './lookup-keys';

/** GET {path}?page&q: one page of a lookup table, ordered by the server (by name where there is one). */
export function useLookupTable(def: LookupDefinition, list: ListControls): ServerTable<LookupRow> {
  return useServerTable<LookupRow>({ queryKey: lookupKeys.list(def.key), path: def.path, list });
}
