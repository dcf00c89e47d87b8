import type { CertificateVerification } from '@origem/contract/schemas/certificates';
import { publicEvidencePath, type SignatureEvidence } from '@origem/contract/schemas/document-verification';
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

/** GET /v1/certificate/verification/{code}/evidence (public): the evidence record's date and authority (issue 37). */
export function usePublicEvidence(code: string, enabled: boolean) {
  return useQuery({
    queryKey: ['certificate-verification-evidence', code],
    queryFn: ({ signal }) =>
      http.get<SignatureEvidence>(publicEvidencePath(encodeURIComponent(code)), {
        signal,
        anonymous: true,
        silent: true,
      }),
    enabled,
    retry: false,
  });
}
