import type { PendencyView } from '@origem/contract/schemas/pre-registrations';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../api/http';
import { PRE_REGISTRATION_PATH, preRegistrationKeys } from './keys';

/**
 * GET /v1/pre_registration/pendency/{id}?token= (public): what the applicant corrects. A wrong, used or expired
 * link answers 404, which the page shows as its own message (silent: no generic dialog).
 */
export function usePendency(id: number | null, token: string | undefined) {
  return useQuery({
    queryKey: preRegistrationKeys.pendency(id ?? 0, token ?? ''),
    queryFn: ({ signal }) =>
      http.get<PendencyView>(`${PRE_REGISTRATION_PATH}/pendency/${id}`, {
        anonymous: true,
        silent: true,
        signal,
        query: { token },
      }),
    enabled: id !== null && Boolean(token),
    retry: false,
  });
}
