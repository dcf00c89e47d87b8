import type { DealDetail } from '@origem/contract/schemas/deals';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../api/http';
import { dealKeys } from './deal-keys';

/** GET /v1/deal/{id}: the deal with its partner countries, norms, rules count and certificate model. */
export function getDeal(id: number, signal?: AbortSignal): Promise<DealDetail> {
  return http.get<DealDetail>(`/v1/deal/${id}`, { signal });
}

export function dealQueryOptions(id: number) {
  return queryOptions({ queryKey: dealKeys.detail(id), queryFn: ({ signal }) => getDeal(id, signal) });
}

/** The deal being edited; no call on the create screen, where `id` is null. */
export function useDeal(id: number | null) {
  return useQuery({ ...dealQueryOptions(id ?? 0), enabled: id !== null });
}
