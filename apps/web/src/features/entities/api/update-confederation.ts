import type { Confederation } from '@origem/contract/schemas/entities';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../api/http';
import { invalidateEntity } from './entity-keys';

/** PUT /v2/confederation/{id} (multipart, SPEC §7). */
export function useUpdateConfederation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: FormData }) =>
      http.put<Confederation>(`/v2/confederation/${id}`, body),
    onSuccess: () => invalidateEntity(queryClient, 'confederations'),
  });
}
