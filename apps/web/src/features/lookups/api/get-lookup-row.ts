import type { LookupDefinition, LookupRow } from '@origem/contract/schemas/lookups';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../api/http';
import { lookupKeys } from './lookup-keys';

/**
 * GET {path}/{id}: the row to edit. A 404 shows the client's 'Registro não encontrado.'
 * `active: false` keeps showing what was read (a dialog closing) without reading it again.
 */
export function useLookupRow(def: LookupDefinition, id: number | null, active = true) {
  return useQuery({
    queryKey: lookupKeys.detail(def.key, id ?? 0),
    queryFn: ({ signal }) => http.get<LookupRow>(`${def.path}/${id}`, { signal }),
    enabled: id !== null && active,
    // The form starts from what the server holds now, not from a copy cached by an earlier edit.
    staleTime: 0,
  });
}
