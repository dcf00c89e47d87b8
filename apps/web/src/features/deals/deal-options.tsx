import type { DealOption } from '@origem/contract/schemas/deals';
import type { LookupRow } from '@origem/contract/schemas/lookups';
import { useQuery } from '@tanstack/react-query';
import { fetchAll } from '../../api/paging';
import { RemoteSelect, type RemoteSelectProps } from '../../ui/remote-select';
import { COUNTRY_OPTIONS_PATH, DEAL_OPTIONS_PATH } from './api/deal-keys';

const dealOption = (deal: DealOption) => ({
  value: deal.id,
  label: deal.active
    ? `${deal.abbreviation} — ${deal.name}`
    : `${deal.abbreviation} — ${deal.name} (inativo)`,
});

type SelectProps = Omit<RemoteSelectProps<never>, 'path' | 'toOption' | 'only'>;

/** Deal select (GET /v1/deal/all), searchable by abbreviation or name. */
export function DealSelect(props: SelectProps) {
  return (
    <RemoteSelect<DealOption>
      path={DEAL_OPTIONS_PATH}
      toOption={dealOption}
      popupMatchSelectWidth={false}
      {...props}
    />
  );
}

/**
 * The deal `id` as the deal select knows it (the same cached GET /v1/deal/all): e.g. whether it exchanges digital
 * certificates (COD). Undefined while loading or when none is chosen.
 */
export function useDealOption(id: number | null): DealOption | undefined {
  const { data } = useQuery({
    queryKey: ['options', DEAL_OPTIONS_PATH],
    queryFn: () => fetchAll<DealOption>(DEAL_OPTIONS_PATH),
    staleTime: 5 * 60_000,
    enabled: id !== null,
  });
  return id === null ? undefined : data?.find((deal) => deal.id === id);
}

const countryOption = (country: LookupRow) => ({ value: country.id, label: String(country.name) });

/** Partner countries (GET /v1/country/all): several, searchable by name. */
export function CountriesSelect(props: SelectProps) {
  return (
    <RemoteSelect<LookupRow>
      path={COUNTRY_OPTIONS_PATH}
      toOption={countryOption}
      mode="multiple"
      placeholder="Selecione os países"
      {...props}
    />
  );
}
