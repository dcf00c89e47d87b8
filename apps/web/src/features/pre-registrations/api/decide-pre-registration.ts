import type { PreRegistration } from '@origem/contract/schemas/pre-registrations';
import { http } from '../../../api/http';
import type { HttpResponse } from '../../../api/http-client';
import { PRE_REGISTRATION_PATH } from './keys';

type Decided = { message: string; pre_registration: PreRegistration };

/** POST /v1/pre_registration/approve/{id}: 200, or 253 `{ message }` when the approval is refused. */
export function approvePreRegistration(id: number): Promise<HttpResponse<Decided | { message: string }>> {
  return http.request(`${PRE_REGISTRATION_PATH}/approve/${id}`, { method: 'POST' });
}

/** POST /v1/pre_registration/pendency/{id} {reason}: the applicant gets the private link by e-mail. */
export function markPendency(id: number, reason: string): Promise<Decided> {
  return http.post<Decided>(`${PRE_REGISTRATION_PATH}/pendency/${id}`, { reason });
}

/** POST /v1/pre_registration/reprove/{id} {reason}: the applicant gets the reason by e-mail. */
export function reprovePreRegistration(id: number, reason: string): Promise<Decided> {
  return http.post<Decided>(`${PRE_REGISTRATION_PATH}/reprove/${id}`, { reason });
}

/** DELETE /v1/pre_registration/{id} (refused with 409 once approved). */
export function deletePreRegistration(id: number): Promise<{ message: string }> {
  return http.delete<{ message: string }>(`${PRE_REGISTRATION_PATH}/${id}`);
}
