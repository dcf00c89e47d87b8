import type { NcmDetail } from '@origem/contract/schemas/nomenclature';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../api/http';
import { nomenclatureKeys } from './nomenclature-keys';

/** GET /v1/ncm/{code}: the code with its parent, chapter, chain and NALADI/SH codes (digits only compared). */
export function getNcm(code: string, signal?: AbortSignal): Promise<NcmDetail> {
  return http.get<NcmDetail>(`/v1/ncm/${encodeURIComponent(code)}`, { signal });
}

export function useNcm(code: string | null) {
  return useQuery({
    queryKey: nomenclatureKeys.ncmDetail(code ?? ''),
    queryFn: ({ signal }) => getNcm(code ?? '', signal),
    enabled: code !== null && code !== '',
    staleTime: 60_000,
  });
}
