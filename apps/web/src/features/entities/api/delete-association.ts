import { entityMessages } from '@origem/contract/schemas/entities';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../api/http';
import { entityKeys, invalidateEntity } from './entity-keys';

/** DELETE /v1/trade_association/{id} → { message }; a 409 (users still belong to it) says why. */
export function useDeleteAssociation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await http.delete(`/v1/trade_association/${id}`);
      return entityMessages.association.deleted;
    },
    onSuccess: async (_message, id) => {
      queryClient.removeQueries({ queryKey: entityKeys.detail('associations', id) });
      await invalidateEntity(queryClient, 'associations');
    },
  });
}
