import type { Company, CompanyTypeId } from '@origem/contract/schemas/companies';
import type { ListControls } from '../../../ui/use-list-search';
import { type ServerTable, toQueryParams, useServerTable } from '../../../ui/use-server-table';
import { companyKeys } from './company-keys';

/**
 * GET /v2/company?page&corporate_name&company_type_id&cnpj&city&order — corporate name ascending by default.
 * A per-type list (importers, manufacturers, intervenors) fixes `company_type_id`.
 */
export function useCompaniesTable(list: ListControls, type?: CompanyTypeId): ServerTable<Company> {
  const query = type ? toQueryParams({ ...list.search, company_type_id: type }) : undefined;
  return useServerTable<Company>({ queryKey: companyKeys.list, path: '/v2/company', list, query });
}
