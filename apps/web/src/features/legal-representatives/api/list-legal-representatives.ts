import type { LegalRepresentative } from '@origem/contract/schemas/legal-representatives';
import type { ListControls } from '../../../ui/use-list-search';
import { type ServerTable, useServerTable } from '../../../ui/use-server-table';
import { LEGAL_REPRESENTATIVES_PATH, legalRepresentativeKeys } from './keys';

/** GET /v1/legal_representative?page&name&exporter_id: the representatives the session reaches, by name. */
export function useLegalRepresentativesTable(list: ListControls): ServerTable<LegalRepresentative> {
  return useServerTable<LegalRepresentative>({
    queryKey: legalRepresentativeKeys.list,
    path: LEGAL_REPRESENTATIVES_PATH,
    list,
  });
}
