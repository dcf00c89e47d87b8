import type { DealDetail, DealInput } from '@origem/contract/schemas/deals';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../api/http';
import { invalidateDealData } from './deal-keys';

/** POST /v1/deal (201 → the deal). 422 when the abbreviation is taken or a country is unknown. */
export function createDeal(input: DealInput): Promise<DealDetail> {
  return http.post<DealDetail>('/v1/deal', input);
}

export function useCreateDeal() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createDeal, onSuccess: () => invalidateDealData(queryClient) });
}
