import type { Federation } from '@origem/contract/schemas/entities';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../api/http';
import { invalidateEntity } from './entity-keys';

/** POST /v1/federation/{id} (multipart edit; a new `logo` replaces the old one, `remove_logo` drops it). */
export function useUpdateFederation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: FormData }) =>
      http.post<Federation>(`/v1/federation/${id}`, body),
    onSuccess: () => invalidateEntity(queryClient, 'federations'),
  });
}
