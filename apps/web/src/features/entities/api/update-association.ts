import type { AssociationDetail } from '@origem/contract/schemas/entities';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../api/http';
import { invalidateEntity } from './entity-keys';

/** POST /v1/trade_association/{id} (multipart edit; `fees` replaces the whole fee table). */
export function useUpdateAssociation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: FormData }) =>
      http.post<AssociationDetail>(`/v1/trade_association/${id}`, body),
    onSuccess: () => invalidateEntity(queryClient, 'associations'),
  });
}
