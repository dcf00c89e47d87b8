import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../api/http';
import { companyKeys, invalidateCompanies } from './company-keys';

/** DELETE /v1/company/{id} → { message }. Refused (409, shown by the http client) while a document names it. */
export function deleteCompany(id: number): Promise<{ message: string }> {
  return http.delete<{ message: string }>(`/v1/company/${id}`);
}

export function useDeleteCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCompany,
    onSuccess: async (_answer, id) => {
      queryClient.removeQueries({ queryKey: companyKeys.detail(id) });
      await invalidateCompanies(queryClient);
    },
  });
}
