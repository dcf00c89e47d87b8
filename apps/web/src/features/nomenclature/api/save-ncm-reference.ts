import type { NcmReference, NcmReferenceInput } from '@origem/contract/schemas/nomenclature';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../api/http';
import { nomenclatureKeys } from './nomenclature-keys';

/** POST /v1/ncm/save-ncm-reference/ {ncm, description} → the saved reference (created or replaced). */
export function saveNcmReference(input: NcmReferenceInput): Promise<NcmReference> {
  return http.post<NcmReference>('/v1/ncm/save-ncm-reference/', input);
}

export function useSaveNcmReference() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveNcmReference,
    onSuccess: (saved) => queryClient.setQueryData(nomenclatureKeys.ncmReference(saved.ncm), saved),
  });
}
