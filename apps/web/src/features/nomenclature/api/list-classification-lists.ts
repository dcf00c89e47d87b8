import type { ClassificationList } from '@origem/contract/schemas/nomenclature';
import type { ListControls } from '../../../ui/use-list-search';
import { type ServerTable, useServerTable } from '../../../ui/use-server-table';
import { nomenclatureKeys } from './nomenclature-keys';

/** GET /v1/classification_list?page — ordered by type, then name. */
export function useClassificationListsTable(list: ListControls): ServerTable<ClassificationList> {
  return useServerTable<ClassificationList>({
    queryKey: nomenclatureKeys.lists,
    path: '/v1/classification_list',
    list,
  });
}
