import type { QueryClient } from '@tanstack/react-query';

/** Cache keys of the legal representatives; the `…/all` select of later screens is cached by RemoteSelect. */
export const legalRepresentativeKeys = {
  all: ['legal-representatives'] as const,
  list: ['legal-representatives', 'list'] as const,
  detail: (id: number) => ['legal-representatives', 'detail', id] as const,
};

export const LEGAL_REPRESENTATIVES_PATH = '/v1/legal_representative';

/** After a create, edit or delete: lists, details and selects refetch. */
export async function invalidateLegalRepresentatives(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: legalRepresentativeKeys.all }),
    queryClient.invalidateQueries({ queryKey: ['options', `${LEGAL_REPRESENTATIVES_PATH}/all`] }),
  ]);
}
