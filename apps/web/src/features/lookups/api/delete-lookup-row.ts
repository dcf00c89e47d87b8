import type { LookupDefinition } from '@origem/contract/schemas/lookups';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../api/http';
import { invalidateLookup, lookupKeys } from './lookup-keys';

/**
 * DELETE {path}/{id} → { message }. A 409 (a record still points at the row) carries
 * 'Este registro está em uso e não pode ser excluído.', which the client's catalogue shows in an error dialog.
 */
export function useDeleteLookupRow(def: LookupDefinition) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => http.delete<{ message?: string } | undefined>(`${def.path}/${id}`),
    onSuccess: async (_answer, id) => {
      queryClient.removeQueries({ queryKey: lookupKeys.detail(def.key, id) });
      await invalidateLookup(queryClient, def);
    },
  });
}
