import type { CitableDeclaration } from '@origem/contract/schemas/declarations';
import { formatNameWithTaxId, formatNcm } from '../../../ui/format';
import type { SelectOption } from '../../../ui/remote-select';
import type { TypeAheadSource } from '../../../ui/type-ahead-select';

/** The selects of the certificate screens: growing tables through type-aheads, small reference data from `…/all`. */

export type NamedOption = { id: number; name: string; cpf?: string | null; cnpj?: string | null };
export type CompanyOption = { id: number; corporate_name: string; cnpj?: string | null };
type CodedOption = { id: number; code?: string; name: string };

export const OPTION_PATHS = {
  language: '/v1/language/all',
  currency: '/v1/currency/all',
  sector: '/v1/sector/all',
  shipmentPort: '/v1/shipment_port/all',
  transport: '/v1/transport/all',
  measurementUnit: '/v1/measurement_unit/all_order',
} as const;

export const namedOption = (row: { id: number; name: string }): SelectOption => ({
  value: row.id,
  label: row.name,
});
export const codedOption = (row: CodedOption): SelectOption => ({
  value: row.id,
  label: row.code ? `${row.code} — ${row.name}` : row.name,
});

/** Exporters the session reaches (GET /v1/exporter?name), for staff and dispatchers. */
export const exporterSource: TypeAheadSource<NamedOption> = {
  path: '/v1/exporter',
  searchParam: 'name',
  toOption: (row) => ({ value: row.id, label: formatNameWithTaxId(row) }),
  detailPath: (id) => `/v1/exporter/${id}`,
};

/**
 * Importers (type 1), manufacturers (2) and intervenors (3) of the address book (GET /v2/company); on the form, of
 * the chosen exporter's book only (`exporter_id`), as a certificate may name no other exporter's companies.
 */
export function companySource(
  type: 1 | 2 | 3,
  exporterId: number | null = null,
): TypeAheadSource<CompanyOption> {
  return {
    path: '/v2/company',
    searchParam: 'corporate_name',
    query: { company_type_id: type, exporter_id: exporterId ?? undefined },
    toOption: (row) => ({ value: row.id, label: row.corporate_name }),
    detailPath: (id) => `/v1/company/${id}`,
  };
}
export const COMPANY_TYPES = { importer: 1, manufacturer: 2, intervenor: 3 } as const;

/** The exporter's legal representatives (GET /v1/legal_representative?exporter_id&name). */
export function legalRepresentativeSource(exporterId: number | null): TypeAheadSource<NamedOption> {
  return {
    path: '/v1/legal_representative',
    searchParam: 'name',
    query: { exporter_id: exporterId ?? undefined },
    toOption: namedOption,
    detailPath: (id) => `/v1/legal_representative/${id}`,
  };
}

export const declarationLabel = (row: Pick<CitableDeclaration, 'id' | 'product_name' | 'ncm'>) =>
  `nº ${row.id} — ${row.product_name} (NCM ${formatNcm(row.ncm)})`;

/**
 * The declarations an item may cite (GET /v1/declaration/certificate/{exporterId}?product_name&deal_id): approved,
 * unexpired, the exporter's own or reachable through an approved link, of the certificate's deal.
 */
export function citableDeclarationSource(
  exporterId: number,
  dealId: number | null,
): TypeAheadSource<CitableDeclaration> {
  return {
    path: `/v1/declaration/certificate/${exporterId}`,
    searchParam: 'product_name',
    query: { deal_id: dealId ?? undefined },
    toOption: (row) => ({ value: row.id, label: declarationLabel(row) }),
    detailPath: (id) => `/v1/declaration/${id}`,
  };
}
