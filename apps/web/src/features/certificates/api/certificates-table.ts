import type { CertificateListItem } from '@origem/contract/schemas/certificates';
import type { ListControls } from '../../../ui/use-list-search';
import { type ServerTable, useServerTable } from '../../../ui/use-server-table';
import { CERTIFICATE_PATH, certificateKeys } from './keys';

/** GET /v1/certificate: paged by the server, latest flow step first unless the URL orders otherwise. */
export function useCertificatesTable(list: ListControls): ServerTable<CertificateListItem> {
  return useServerTable<CertificateListItem>({
    queryKey: certificateKeys.list,
    path: CERTIFICATE_PATH,
    list,
  });
}
