import type { DealDetail, DealInput } from '@origem/contract/schemas/deals';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../api/http';
import { invalidateDealData } from './deal-keys';

/** PUT /v1/deal/{id} → the deal; `country_ids` replaces the partner countries. */
export function updateDeal(id: number, input: DealInput): Promise<DealDetail> {
  return http.put<DealDetail>(`/v1/deal/${id}`, input);
}

export function useUpdateDeal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: DealInput }) => updateDeal(id, input),
    onSuccess: () => invalidateDealData(queryClient),
  });
}
