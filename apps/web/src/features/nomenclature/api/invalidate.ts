import type { QueryClient } from '@tanstack/react-query';
import { nomenclatureKeys } from './nomenclature-keys';

/**
 * After a classification list changes: the lists refetch, and so do NCM details (their NALADI/SH codes come
 * from the lists) and any select fed by /v1/classification_list/all.
 */
export async function invalidateNomenclatureLists(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: nomenclatureKeys.lists }),
    queryClient.invalidateQueries({ queryKey: nomenclatureKeys.ncm }),
    queryClient.invalidateQueries({ queryKey: ['options', '/v1/classification_list/all'] }),
  ]);
}
