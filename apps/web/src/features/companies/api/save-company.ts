import type { Company } from '@origem/contract/schemas/companies';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../api/http';
import { invalidateCompanies } from './company-keys';

/**
 * POST /v1/company (create → 201) or POST /v1/company/{id} (edit), both multipart: the fields and, optionally,
 * the `social_contract` PDF; `remove_social_contract` drops the current one.
 */
export function saveCompany({ id, body }: { id?: number; body: FormData }): Promise<Company> {
  return http.post<Company>(id ? `/v1/company/${id}` : '/v1/company', body);
}

export function useSaveCompany() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveCompany, onSuccess: () => invalidateCompanies(queryClient) });
}
