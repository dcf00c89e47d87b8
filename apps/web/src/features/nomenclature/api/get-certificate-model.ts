import type { CertificateModel } from '@origem/contract/schemas/nomenclature';
import { useQuery } from '@tanstack/react-query';
import { isApiError } from '../../../api/api-error';
import { http } from '../../../api/http';
import { nomenclatureKeys } from './nomenclature-keys';

/**
 * GET /v1/certificate_model/{dealId}. A deal without a model answers 404: that is an answer here (null, the
 * screen offers to create one), not an error dialog.
 */
export async function getCertificateModel(
  dealId: number,
  signal?: AbortSignal,
): Promise<CertificateModel | null> {
  try {
    return await http.get<CertificateModel>(`/v1/certificate_model/${dealId}`, { signal });
  } catch (error) {
    if (isApiError(error) && error.status === 404) {
      error.markHandled();
      return null;
    }
    throw error;
  }
}

export function useCertificateModel(dealId: number | null) {
  return useQuery({
    queryKey: nomenclatureKeys.model(dealId ?? 0),
    queryFn: ({ signal }) => getCertificateModel(dealId ?? 0, signal),
    enabled: dealId !== null,
  });
}
