import { OAUTH_CLIENT_ID } from '@origem/contract/auth-constants';
import type { TokenResponse, UserDetail } from '@origem/contract/schemas/auth';
import { isApiError } from '../../../api/api-error';
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

/** The second step for a user with a second factor: the challenge of the password step and a code. */
export function requestMfaToken(mfaToken: string, code: string): Promise<TokenResponse> {
  return http.post<TokenResponse>(
    '/v1/oauth/token',
    { grant_type: 'mfa', client_id: OAUTH_CLIENT_ID, mfa_token: mfaToken, code },
    { anonymous: true, silent: true, idempotent: false },
  );
}

/** The password was right; the second factor is still needed (send `mfaToken` back with the code). */
export type MfaChallenge = { mfaToken: string };

/** The `MfaRequired` 401 of the password grant, or null for any other failure. */
export function mfaChallengeOf(error: unknown): MfaChallenge | null {
  if (!isApiError(error) || error.code !== 'MfaRequired') return null;
  const token = (error.body as { mfa_token?: unknown } | null)?.mfa_token;
  return typeof token === 'string' ? { mfaToken: token } : null;
}

/**
 * Login (SPEC §7): store the token, fetch and store the user. A user with a second factor gets a challenge back
 * instead (then `signInWithCode`). Any failure leaves no session behind; the caller shows it (the login page's
 * blocked/invalid state).
 */
export async function signIn(username: string, password: string): Promise<UserDetail | MfaChallenge> {
  sessionStore.clear();
  try {
    return await startSession(await requestToken(username, password));
  } catch (error) {
    sessionStore.clear();
    const challenge = mfaChallengeOf(error);
    if (challenge) {
      if (isApiError(error)) error.markHandled();
      return challenge;
    }
    throw error;
  }
}

export async function signInWithCode(challenge: MfaChallenge, code: string): Promise<UserDetail> {
  sessionStore.clear();
  try {
    return await startSession(await requestMfaToken(challenge.mfaToken, code));
  } catch (error) {
    sessionStore.clear();
    throw error;
  }
}

async function startSession(token: TokenResponse): Promise<UserDetail> {
  sessionStore.setToken(token.access_token);
  const user = await fetchUserDetail({ silent: true, redirectOn401: false });
  sessionStore.setUser(user);
  return user;
}
