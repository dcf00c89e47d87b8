import type { LegalRepresentative } from '@origem/contract/schemas/legal-representatives';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../api/http';
import { invalidateLegalRepresentatives, LEGAL_REPRESENTATIVES_PATH } from './keys';

/**
 * POST /v1/legal_representative (create, 201) or POST /v1/legal_representative/{id} (edit): multipart with the
 * fields and, optionally, the `procuration` PDF; a new file replaces the stored one.
 */
export function useSaveLegalRepresentative() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: FormData }) =>
      http.post<LegalRepresentative>(
        id ? `${LEGAL_REPRESENTATIVES_PATH}/${id}` : LEGAL_REPRESENTATIVES_PATH,
        body,
      ),
    onSuccess: () => invalidateLegalRepresentatives(queryClient),
  });
}
