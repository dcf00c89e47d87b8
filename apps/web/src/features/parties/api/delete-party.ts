import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../api/http';
import type { PartyKindView } from '../party-kind';
import { invalidateParties } from './save-party';

/** DELETE /v1/{kind}/{id}: soft delete; answers the success text. */
export function useDeleteParty(view: PartyKindView) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => http.delete<{ message: string }>(`${view.api}/${id}`),
    onSuccess: () => invalidateParties(queryClient, view),
  });
}
