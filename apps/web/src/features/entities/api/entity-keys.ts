import type { QueryClient } from '@tanstack/react-query';

export type EntityKind = 'federations' | 'associations' | 'confederations';

/** Cache keys of the entities feature; each kind has its lists and details under its own prefix. */
export const entityKeys = {
  all: (kind: EntityKind) => [kind] as const,
  list: (kind: EntityKind) => [kind, 'list'] as const,
  detail: (kind: EntityKind, id: number) => [kind, 'detail', id] as const,
};

/** The `…/all` selects of other screens (RemoteSelect caches them under ['options', path]). */
const OPTION_PATHS: Record<EntityKind, string[]> = {
  federations: ['/v1/federation/all'],
  associations: ['/v1/trade_association/all', '/v1/trade_association/by_user'],
  confederations: ['/v2/confederation/all'],
};

/** After a create, edit or delete: the lists, the details and the selects of that kind refetch. */
export async function invalidateEntity(queryClient: QueryClient, kind: EntityKind): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: entityKeys.all(kind) }),
    ...OPTION_PATHS[kind].map((path) => queryClient.invalidateQueries({ queryKey: ['options', path] })),
  ]);
}
