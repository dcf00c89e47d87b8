import { messages } from '@origem/contract/messages.pt';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../api/http';
import { entityKeys, invalidateEntity } from './entity-keys';

/**
 * DELETE /v1/federation/{id} → { message }. A 409 (associations or users still belong to it) carries the reason,
 * shown by the client's error catalogue.
 */
export function useDeleteFederation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await http.delete(`/v1/federation/${id}`);
      return messages.success.federationDeleted;
    },
    onSuccess: async (_message, id) => {
      queryClient.removeQueries({ queryKey: entityKeys.detail('federations', id) });
      await invalidateEntity(queryClient, 'federations');
    },
  });
}
