import type { NcmReference } from '@origem/contract/schemas/nomenclature';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../api/http';
import { nomenclatureKeys } from './nomenclature-keys';

/** POST /v1/ncm/get-ncm-reference {ncm} → {ncm, description|null}: the description printed for the NCM. */
export function getNcmReference(ncm: string): Promise<NcmReference> {
  return http.post<NcmReference>('/v1/ncm/get-ncm-reference', { ncm });
}

/** Only complete (8-digit) codes have a printed description. */
export function useNcmReference(code: string | null) {
  return useQuery({
    queryKey: nomenclatureKeys.ncmReference(code ?? ''),
    queryFn: () => getNcmReference(code ?? ''),
    enabled: code !== null && code.length === 8,
  });
}
