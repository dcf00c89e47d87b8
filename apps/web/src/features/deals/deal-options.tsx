import type { DealOption } from '@origem/contract/schemas/deals';
import type { LookupRow } from '@origem/contract/schemas/lookups';
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
