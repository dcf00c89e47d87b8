import type { Company } from '@origem/contract/schemas/companies';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../api/http';
import { companyKeys } from './company-keys';

/** GET /v1/company/{id}; `null` (a create screen) fetches nothing. */
export function useCompany(id: number | null) {
  return useQuery({
    queryKey: companyKeys.detail(id ?? 0),
    queryFn: ({ signal }) => http.get<Company>(`/v1/company/${id}`, { signal }),
    enabled: id !== null,
  });
}
