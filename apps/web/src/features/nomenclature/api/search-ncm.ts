import type { NcmRow } from '@origem/contract/schemas/nomenclature';
import type { ListControls } from '../../../ui/use-list-search';
import { type ServerTable, useServerTable } from '../../../ui/use-server-table';
import { nomenclatureKeys } from './nomenclature-keys';

/** GET /v1/ncm?page&q — `q` is a code prefix (masked or not) or words of the description; code order. */
export function useNcmTable(list: ListControls): ServerTable<NcmRow> {
  return useServerTable<NcmRow>({ queryKey: nomenclatureKeys.ncmSearch, path: '/v1/ncm', list });
}
