import type { Federation } from '@origem/contract/schemas/entities';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../api/http';
import { invalidateEntity } from './entity-keys';

/** POST /v1/federation (multipart: the fields and, optionally, `logo`) → 201 with the federation. */
export function useCreateFederation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: FormData) => http.post<Federation>('/v1/federation', body),
    onSuccess: () => invalidateEntity(queryClient, 'federations'),
  });
}
