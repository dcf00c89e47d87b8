import type { LookupDefinition, LookupRow } from '@origem/contract/schemas/lookups';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../api/http';
import { invalidateLookup } from './lookup-keys';

/** Values parsed by the definition's lookupInputSchema. */
export type LookupValues = Record<string, unknown>;

/** POST {path} (201 with the row). A 422 (required, format, value taken) is left to the form. */
export function useCreateLookupRow(def: LookupDefinition) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: LookupValues) => http.post<LookupRow>(def.path, values),
    onSuccess: () => invalidateLookup(queryClient, def),
  });
}
