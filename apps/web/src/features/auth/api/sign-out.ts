import { http } from '../../../api/http';
import { navigateTo } from '../../../lib/navigation';
import { sessionStore } from '../../../lib/session';

/** Logout: revokes the token (DELETE /v1/oauth/token), clears the session and goes to /welcome. */
export async function signOut(): Promise<void> {
  try {
    await http.delete('/v1/oauth/token', { silent: true, redirectOn401: false });
  } catch {
    // An expired or revoked token still ends the session here.
  }
  sessionStore.clear();
  navigateTo('/welcome');
}
