import type { CertificateVerification } from '@origem/contract/schemas/certificates';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../api/http';
import { CERTIFICATE_PATH } from './keys';

/** GET /v1/certificate/verification/{code} (public, rate-limited): what the QR code's page shows. */
export function useCertificateVerification(code: string) {
  return useQuery({
    queryKey: ['certificate-verification', code],
    queryFn: ({ signal }) =>
      http.get<CertificateVerification>(`${CERTIFICATE_PATH}/verification/${encodeURIComponent(code)}`, {
        signal,
        anonymous: true,
        silent: true,
      }),
    retry: false,
  });
}
