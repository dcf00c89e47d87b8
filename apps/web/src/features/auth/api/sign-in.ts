import { OAUTH_CLIENT_ID } from '@origem/contract/auth-constants';
import type { TokenResponse, UserDetail } from '@origem/contract/schemas/auth';
import { http } from '../../../api/http';
import { sessionStore } from '../../../lib/session';

/** POST /v1/oauth/token (public, password grant, client 2). A 401 carries the reason (wrong or locked). */
export function requestToken(username: string, password: string): Promise<TokenResponse> {
  return http.post<TokenResponse>(
    '/v1/oauth/token',
    { grant_type: 'password', client_id: OAUTH_CLIENT_ID, username, password, recaptchaToken: '' },
    // The answer is a token: the server must not keep it as an idempotent replay.
    { anonymous: true, silent: true, idempotent: false },
  );
}

/** GET /v1/user/detail: the session user (role, permissions, change_password…). */
export function fetchUserDetail(
  options: { silent?: boolean; redirectOn401?: boolean } = {},
): Promise<UserDetail> {
  return http.get<UserDetail>('/v1/user/detail', options);
}

/**
 * Login (SPEC §7): store the token, fetch and store the user. Any failure leaves no session behind;
 * the caller shows it (the login page's blocked/invalid state).
 */
export async function signIn(username: string, password: string): Promise<UserDetail> {
  sessionStore.clear();
  try {
    const token = await requestToken(username, password);
    sessionStore.setToken(token.access_token);
    const user = await fetchUserDetail({ silent: true, redirectOn401: false });
    sessionStore.setUser(user);
    return user;
  } catch (error) {
    sessionStore.clear();
    throw error;
  }
}
