import type { Certificate } from '@origem/contract/schemas/certificates';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../api/http';
import { CERTIFICATE_PATH, invalidateCertificates } from './keys';

/**
 * POST /v1/certificate (create, 201) or PUT /v1/certificate/{id} (edit): multipart with the fields, the items as
 * JSON text and, optionally, the `commercial_invoice` and `intervenor_invoice` PDFs.
 */
export function useSaveCertificate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: FormData }) =>
      id
        ? http.put<Certificate>(`${CERTIFICATE_PATH}/${id}`, body)
        : http.post<Certificate>(CERTIFICATE_PATH, body),
    onSuccess: () => invalidateCertificates(queryClient),
  });
}
