import type { QueryClient } from '@tanstack/react-query';

/** Cache keys of the companies feature. */
export const companyKeys = {
  all: ['companies'] as const,
  list: ['companies', 'list'] as const,
  detail: (id: number) => ['companies', 'detail', id] as const,
};

/** GET /v1/country/all: the country select (RemoteSelect caches it under ['options', path]). */
export const COUNTRY_OPTIONS_PATH = '/v1/country/all';
/** GET /v1/exporter/all: the exporters staff may file a company under. */
export const EXPORTER_OPTIONS_PATH = '/v1/exporter/all';

/** After a create, edit or delete: lists, details and the company selects of other screens refetch. */
export async function invalidateCompanies(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: companyKeys.all }),
    queryClient.invalidateQueries({
      predicate: (query) =>
        query.queryKey[0] === 'options' && String(query.queryKey[1] ?? '').includes('/company'),
    }),
  ]);
}
