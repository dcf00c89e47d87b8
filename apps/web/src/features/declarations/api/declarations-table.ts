import type { DeclarationListItem } from '@origem/contract/schemas/declarations';
import type { ListControls } from '../../../ui/use-list-search';
import { type ServerTable, useServerTable } from '../../../ui/use-server-table';
import { DECLARATION_LIST_PATH, declarationKeys } from './keys';

/** GET /v2/declaration with the list's filters (default order: id descending, SPEC §9). */
export function useDeclarationsTable(list: ListControls): ServerTable<DeclarationListItem> {
  return useServerTable<DeclarationListItem>({
    queryKey: declarationKeys.list(),
    path: DECLARATION_LIST_PATH,
    list,
  });
}
