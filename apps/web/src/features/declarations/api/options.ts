import type { DeclarationOriginRule } from '@origem/contract/schemas/declarations';
import { formatNameWithTaxId } from '../../../ui/format';
import type { SelectOption } from '../../../ui/remote-select';
import type { TypeAheadSource } from '../../../ui/type-ahead-select';

/** The selects of the declaration screens: where each reads its options. */

export type NamedOption = { id: number; name: string };
export const namedOption = (row: NamedOption): SelectOption => ({ value: row.id, label: row.name });

type PartyOption = NamedOption & { cpf?: string | null; cnpj?: string | null };

/** Exporters grow by the thousand: a type-ahead over GET /v1/exporter?name. */
export const exporterSource: TypeAheadSource<PartyOption> = {
  path: '/v1/exporter',
  searchParam: 'name',
  toOption: (row) => ({ value: row.id, label: formatNameWithTaxId(row) }),
  detailPath: (id) => `/v1/exporter/${id}`,
};

type CompanyOption = { id: number; corporate_name: string; cnpj?: string | null };

/** The manufacturers (companies of type 2) of the exporters' books the user reaches: GET /v2/company. */
export const manufacturerCompanySource: TypeAheadSource<CompanyOption> = {
  path: '/v2/company',
  searchParam: 'corporate_name',
  query: { company_type_id: 2 },
  toOption: (row) => ({
    value: row.id,
    label: formatNameWithTaxId({ name: row.corporate_name, cnpj: row.cnpj }),
  }),
};

/** The legal representatives of one exporter (or all the user reaches): GET /v1/legal_representative. */
export function representativeSource(exporterId: number | undefined): TypeAheadSource<PartyOption> {
  return {
    path: '/v1/legal_representative',
    searchParam: 'name',
    query: exporterId ? { exporter_id: exporterId } : undefined,
    toOption: (row) => ({ value: row.id, label: row.name }),
  };
}

export type DealOption = {
  id: number;
  abbreviation: string;
  name: string;
  classification_type: string;
  active: boolean;
};
export const DEAL_OPTIONS_PATH = '/v1/deal/all';
export const dealOption = (deal: DealOption): SelectOption => ({
  value: deal.id,
  label: `${deal.abbreviation} — ${deal.name}`,
});

/** The deal's origin criteria (declarations module) and norms (deals module). */
export const originRulesPath = (dealId: number) => `/v1/declaration/origin_rules?deal_id=${dealId}`;
export const ruleOption = (rule: DeclarationOriginRule): SelectOption => ({
  value: rule.id,
  label: `${rule.code} — ${rule.description}`,
});
export const originNormsPath = (dealId: number) => `/v1/origin_norm/get-norms-by-deal-id/${dealId}`;

export type CountryOption = { id: number; code: string; name: string };
export const COUNTRY_OPTIONS_PATH = '/v1/country/all';
export const countryOption = (country: CountryOption): SelectOption => ({
  value: country.id,
  label: `${country.name} (${country.code})`,
});

export const DELIVERY_LOCATION_OPTIONS_PATH = '/v1/delivery_location/all';
