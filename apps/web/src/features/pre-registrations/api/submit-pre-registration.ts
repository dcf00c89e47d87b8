import type { PendencyView, TaxIdRefusal } from '@origem/contract/schemas/pre-registrations';
import { http } from '../../../api/http';
import type { HttpResponse } from '../../../api/http-client';
import { PRE_REGISTRATION_PATH } from './keys';

/**
 * POST /v1/pre_registration (public, multipart with `social_contract`): 201 with the pre-registration, or
 * 251/252 (SPEC §5) with the refusal and the association's support channels. 422 throws (fields).
 */
export function createPreRegistration(body: FormData): Promise<HttpResponse<PendencyView | TaxIdRefusal>> {
  return http.request(PRE_REGISTRATION_PATH, { method: 'POST', body, anonymous: true });
}

/**
 * POST /v1/pre_registration/{id}: with the pendency `token` in the form, the applicant's corrections (public);
 * 200, or 251 when the CPF/CNPJ is already registered.
 */
export function resubmitPreRegistration(
  id: number,
  body: FormData,
): Promise<HttpResponse<{ message: string } | TaxIdRefusal>> {
  return http.request(`${PRE_REGISTRATION_PATH}/${id}`, { method: 'POST', body, anonymous: true });
}
