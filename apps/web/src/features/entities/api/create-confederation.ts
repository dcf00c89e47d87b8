import type { Confederation, ConfederationInput } from '@origem/contract/schemas/entities';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../api/http';
import { invalidateEntity } from './entity-keys';

/** POST /v2/confederation (JSON; `confederation_image` is the reference returned by the image upload). */
export function useCreateConfederation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ConfederationInput) => http.post<Confederation>('/v2/confederation', input),
    onSuccess: () => invalidateEntity(queryClient, 'confederations'),
  });
}
