import type { QueryClient } from '@tanstack/react-query';
import { formatNameWithTaxId } from '../../../ui/format';
import type { TypeAheadSource } from '../../../ui/type-ahead-select';

/** Cache keys of the companies feature. */
export const companyKeys = {
  all: ['companies'] as const,
  list: ['companies', 'list'] as const,
  detail: (id: number) => ['companies', 'detail', id] as const,
};

/** GET /v1/country/all: the country select (RemoteSelect caches it under ['options', path]). */
export const COUNTRY_OPTIONS_PATH = '/v1/country/all';
/**
 * The exporters staff may file a company under: a type-ahead over GET /v1/exporter?name (they grow by the
 * thousand), the chosen one read from GET /v1/exporter/{id}. For a dispatcher the same search answers only the
 * exporters it has an approved link with (the server's row scope).
 */
export type ExporterOption = { id: number; name: string; cpf?: string | null; cnpj?: string | null };
export const exporterSource: TypeAheadSource<ExporterOption> = {
  path: '/v1/exporter',
  searchParam: 'name',
  toOption: (exporter) => ({ value: exporter.id, label: formatNameWithTaxId(exporter) }),
  detailPath: (id) => `/v1/exporter/${id}`,
};

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
