import type { Certificate } from '@origem/contract/schemas/certificates';
import {
  SIGNER_DOWNLOAD_FAILED,
  type SignerDownload,
  type SignerSession,
} from '@origem/contract/schemas/signer';
import { useMutation, useQuery } from '@tanstack/react-query';
import { http } from '../../../api/http';
import { showErrorDialog } from '../../../ui/feedback';

/** Which of the certificate's two signatures this user may give now (the actions the API lists for them). */
export type A3Stage = 'first' | 'second';
export function dueStage(certificate: Pick<Certificate, 'actions'>): A3Stage | null {
  const actions: readonly string[] = certificate.actions;
  if (actions.includes('first_signature')) return 'first';
  if (actions.includes('second_signature')) return 'second';
  return null;
}

/**
 * GET /v1/certificate/{id}; while the signer program works (`polling`), read again every few seconds so the
 * screen sees the status move as soon as the server accepts the signature.
 */
export function useSignedCertificate(id: number | null, polling: boolean) {
  return useQuery({
    queryKey: ['signatures', 'a3', 'certificate', id ?? 0],
    queryFn: ({ signal }) => http.get<Certificate>(`/v1/certificate/${id}`, { signal }),
    enabled: id !== null,
    staleTime: 0,
    refetchInterval: polling ? 3000 : false,
  });
}

/** GET …/{first|second}/signature/a3/{id}: a new one-time code for the signer program. */
export function useSignerCode(id: number) {
  return useMutation({
    mutationFn: (stage: A3Stage) => http.get<SignerSession>(`/v1/certificate/${stage}/signature/a3/${id}`),
  });
}

/** GET /v1/signer/download: the package's address; any failure is SPEC's one message. */
export async function signerDownloadUrl(): Promise<string | null> {
  try {
    const { url } = await http.get<SignerDownload>('/v1/signer/download', { silent: true });
    return url;
  } catch {
    void showErrorDialog(SIGNER_DOWNLOAD_FAILED);
    return null;
  }
}
