import { messages } from '@origem/contract/messages.pt';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../api/http';
import { entityKeys, invalidateEntity } from './entity-keys';

/** DELETE /v2/confederation/{id}; a 409 (federations or users still belong to it) says why. */
export function useDeleteConfederation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await http.delete(`/v2/confederation/${id}`);
      return messages.success.confederationDeleted;
    },
    onSuccess: async (_message, id) => {
      queryClient.removeQueries({ queryKey: entityKeys.detail('confederations', id) });
      await invalidateEntity(queryClient, 'confederations');
    },
  });
}
