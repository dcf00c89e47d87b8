import type { LookupDefinition, LookupRow } from '@origem/contract/schemas/lookups';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../api/http';
import type { LookupValues } from './create-lookup-row';
import { invalidateLookup } from './lookup-keys';

/** PUT {path}/{id} with every field. A 422 is left to the form. */
export function useUpdateLookupRow(def: LookupDefinition) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, values }: { id: number; values: LookupValues }) =>
      http.put<LookupRow>(`${def.path}/${id}`, values),
    onSuccess: () => invalidateLookup(queryClient, def),
  });
}
