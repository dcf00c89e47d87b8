import type { PreRegistration } from '@origem/contract/schemas/pre-registrations';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../api/http';
import { PRE_REGISTRATION_PATH, preRegistrationKeys } from './keys';

/** GET /v1/pre_registration/{id}: the data, the file and the decision so far (404 out of scope). */
export function usePreRegistration(id: number | null) {
  return useQuery({
    queryKey: preRegistrationKeys.detail(id ?? 0),
    queryFn: ({ signal }) => http.get<PreRegistration>(`${PRE_REGISTRATION_PATH}/${id}`, { signal }),
    enabled: id !== null,
  });
}

export const socialContractPath = (id: number) => `${PRE_REGISTRATION_PATH}/social_contract/${id}`;
export const receiptPath = (id: number) => `${PRE_REGISTRATION_PATH}/receipt/${id}`;
