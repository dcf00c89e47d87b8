import type { AssociationDetail } from '@origem/contract/schemas/entities';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../api/http';
import { invalidateEntity } from './entity-keys';

/** POST /v1/trade_association (multipart: fields, `fees` as JSON and, optionally, `logo`). */
export function useCreateAssociation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: FormData) => http.post<AssociationDetail>('/v1/trade_association', body),
    onSuccess: () => invalidateEntity(queryClient, 'associations'),
  });
}
