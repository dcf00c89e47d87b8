import { useEffect } from 'react';
import { fetchUserDetail } from '../features/auth/api/sign-in';
import { sessionStore } from '../lib/session';

/**
 * Re-reads the session user when the signed-in frame opens and whenever the window regains focus, so a change of
 * role or permissions made by an administrator reaches the menu without a new sign-in. A 401 is handled by the
 * client (session cleared, back to /login); other failures keep the stored user.
 */
export function useSessionRefresh(): void {
  useEffect(() => {
    const refresh = () => {
      if (!sessionStore.getToken()) return;
      fetchUserDetail({ silent: true })
        .then((user) => {
          if (user?.id) sessionStore.setUser(user);
        })
        .catch(() => undefined);
    };
    refresh();
    window.addEventListener('focus', refresh);
    return () => window.removeEventListener('focus', refresh);
  }, []);
}
