import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../api/http';
import { invalidateLegalRepresentatives, LEGAL_REPRESENTATIVES_PATH } from './keys';

/** DELETE /v1/legal_representative/{id} (soft delete) → `{ message }`. */
export function useDeleteLegalRepresentative() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => http.delete<{ message: string }>(`${LEGAL_REPRESENTATIVES_PATH}/${id}`),
    onSuccess: () => invalidateLegalRepresentatives(queryClient),
  });
}
