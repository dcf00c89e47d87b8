import type { CertificateModel, CertificateModelInput } from '@origem/contract/schemas/nomenclature';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../api/http';
import { nomenclatureKeys } from './nomenclature-keys';

/** PUT /v1/certificate_model/{dealId} → CertificateModel (creates the deal's model when it has none). */
export function saveCertificateModel(
  dealId: number,
  input: CertificateModelInput,
): Promise<CertificateModel> {
  return http.put<CertificateModel>(`/v1/certificate_model/${dealId}`, input);
}

export function useSaveCertificateModel(dealId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CertificateModelInput) => saveCertificateModel(dealId, input),
    onSuccess: async (model) => {
      queryClient.setQueryData(nomenclatureKeys.model(dealId), model);
      await queryClient.invalidateQueries({ queryKey: nomenclatureKeys.modelDeals });
    },
  });
}
