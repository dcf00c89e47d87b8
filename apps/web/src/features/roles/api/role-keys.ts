import type { QueryClient } from '@tanstack/react-query';

/** Cache keys of the roles feature. Everything under ['roles'] is dropped after a role changes. */
export const roleKeys = {
  all: ['roles'] as const,
  list: ['roles', 'with_filter'] as const,
  detail: (id: number) => ['roles', 'detail', id] as const,
  permissions: ['permissions', 'all'] as const,
};

/**
 * After a create, edit or delete: the role lists refetch, and so do the role selects of other screens
 * (RemoteSelect caches '/v1/role/all' under ['options', path]).
 */
export async function invalidateRoleLists(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: roleKeys.all }),
    queryClient.invalidateQueries({ queryKey: ['options', '/v1/role/all'] }),
  ]);
}
