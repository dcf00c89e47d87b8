import type { Certificate } from '@origem/contract/schemas/certificates';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../api/http';
import { CERTIFICATE_PATH, certificateKeys } from './keys';

/** GET /v1/certificate/{id}: the certificate, the actions this user may take now and its history. */
export function useCertificate(id: number | null) {
  return useQuery({
    queryKey: certificateKeys.detail(id ?? 0),
    queryFn: ({ signal }) => http.get<Certificate>(`${CERTIFICATE_PATH}/${id}`, { signal }),
    enabled: id !== null,
    staleTime: 0,
  });
}
