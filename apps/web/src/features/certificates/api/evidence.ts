import {
  certificateEvidencePath,
  certificateTimestampName,
  certificateTimestampPath,
  type SignatureEvidence,
} from '@origem/contract/schemas/document-verification';
import { useQuery } from '@tanstack/react-query';
import { downloadFile } from '../../../api/download';
import { http } from '../../../api/http';

/** GET /v1/certificate/evidence/{id}: the evidence record of the COD's signatures (issue 37). */
export function useCertificateEvidence(id: number, enabled: boolean) {
  return useQuery({
    queryKey: ['certificate-evidence', id],
    queryFn: ({ signal }) =>
      http.get<SignatureEvidence>(certificateEvidencePath(id), { signal, silent: true }),
    enabled,
  });
}

/** The timestamp reply (.tsr) of the evidence, as `openssl ts -verify -in … -data certificado-{id}.xml` reads it. */
export const downloadCertificateTimestamp = (id: number) =>
  downloadFile(certificateTimestampPath(id), { defaultName: certificateTimestampName(id) });
