import { isApiError } from '../../../api/api-error';
import { http } from '../../../api/http';
import type { HttpResponse } from '../../../api/http-client';

/** POST /v1/user/send_new_password: the server answers the same whether or not the e-mail exists. */
export function sendNewPassword(email: string): Promise<unknown> {
  return http.post('/v1/user/send_new_password', { email }, { anonymous: true });
}

/** POST /v1/user/reset_password with the e-mailed token: 204 on success. */
export function resetPassword(token: string, newPassword: string): Promise<unknown> {
  return http.post('/v1/user/reset_password', { token, new_password: newPassword }, { anonymous: true });
}

/** POST /v1/user/save_new_password: 204 changed, 231 current password wrong (SPEC §5). */
export function saveNewPassword(password: string, newPassword: string): Promise<HttpResponse<unknown>> {
  return http.request('/v1/user/save_new_password', {
    method: 'POST',
    body: { password, new_password: newPassword },
  });
}

/**
 * POST /v1/user/reset_password/check: true while the e-mailed link still works (204), false when it was used,
 * expired or replaced (422). Asked when the page opens; it uses nothing up.
 */
export async function checkResetLink(token: string): Promise<boolean> {
  try {
    await http.post('/v1/user/reset_password/check', { token }, { anonymous: true, silent: true });
    return true;
  } catch (error) {
    if (isApiError(error) && error.status === 422) return false;
    throw error;
  }
}
