import type { LookupDefinition } from '@origem/contract/schemas/lookups';
import type { QueryClient } from '@tanstack/react-query';

/** Cache keys of the lookup tables: everything of one table lives under ['lookups', key]. */
export const lookupKeys = {
  all: ['lookups'] as const,
  table: (key: string) => ['lookups', key] as const,
  list: (key: string) => ['lookups', key, 'list'] as const,
  detail: (key: string, id: number) => ['lookups', key, 'detail', id] as const,
};

/** Whether a cached query is one of the table's `…/all` selects (RemoteSelect caches them as ['options', path]). */
function isOptionsOf(def: LookupDefinition, queryKey: readonly unknown[]): boolean {
  const [scope, path] = queryKey;
  return scope === 'options' && typeof path === 'string' && path.startsWith(`${def.path}/`);
}

/** After a create, edit or delete: the table's list refetches, and so do the selects of other screens fed by it. */
export async function invalidateLookup(queryClient: QueryClient, def: LookupDefinition): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: lookupKeys.table(def.key) }),
    queryClient.invalidateQueries({ predicate: (query) => isOptionsOf(def, query.queryKey) }),
  ]);
}
