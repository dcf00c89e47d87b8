import type { UserDetail } from '@origem/contract/schemas/auth';
import { useSyncExternalStore } from 'react';

/** localStorage keys; the session survives reloads and is shared by the tabs of one browser. */
export const SESSION_KEYS = { token: 'origem.token', user: 'origem.user' } as const;

type Listener = () => void;
const listeners = new Set<Listener>();

export type SessionSnapshot = { token: string | null; user: UserDetail | null };

let snapshot: SessionSnapshot = read();

function read(): SessionSnapshot {
  try {
    const token = localStorage.getItem(SESSION_KEYS.token);
    const rawUser = localStorage.getItem(SESSION_KEYS.user);
    return { token, user: rawUser ? (JSON.parse(rawUser) as UserDetail) : null };
  } catch {
    // Unreadable storage (private mode, corrupted JSON) counts as "signed out".
    return { token: null, user: null };
  }
}

function refresh(): void {
  snapshot = read();
  for (const listener of listeners) listener();
}

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === null || event.key === SESSION_KEYS.token || event.key === SESSION_KEYS.user) refresh();
  });
}

/** The stored session: read synchronously anywhere (guards, http client), observed in React with useSession. */
export const sessionStore = {
  getToken: (): string | null => snapshot.token,
  getUser: (): UserDetail | null => snapshot.user,
  getSnapshot: (): SessionSnapshot => snapshot,
  setToken(token: string): void {
    localStorage.setItem(SESSION_KEYS.token, token);
    refresh();
  },
  setUser(user: UserDetail): void {
    const text = JSON.stringify(user);
    // The refresh at every page load mostly reads back the same user: no new snapshot, so the frame and the page
    // do not render again for nothing (issue 21: one more pass of the whole screen on each load).
    if (text === localStorage.getItem(SESSION_KEYS.user)) return;
    localStorage.setItem(SESSION_KEYS.user, text);
    refresh();
  },
  /** Removes the token and the user (logout, 401). */
  clear(): void {
    localStorage.removeItem(SESSION_KEYS.token);
    localStorage.removeItem(SESSION_KEYS.user);
    refresh();
  },
  /** Re-reads localStorage (tests that write it directly). */
  reload: refresh,
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function hasPermission(user: UserDetail | null, permission: string | undefined): boolean {
  if (!permission) return user !== null;
  return user?.permissions.includes(permission) ?? false;
}

export type Session = SessionSnapshot & {
  isSignedIn: boolean;
  /** True when the signed-in user holds the permission (see packages/contract/src/permissions.ts). */
  can: (permission: string) => boolean;
  /** True when the user's role name (slug) is one of the given ones, e.g. hasRole('admin', 'analista'). */
  hasRole: (...roles: string[]) => boolean;
};

export function useSession(): Session {
  const current = useSyncExternalStore(
    sessionStore.subscribe,
    sessionStore.getSnapshot,
    sessionStore.getSnapshot,
  );
  return {
    ...current,
    isSignedIn: current.user !== null,
    can: (permission) => hasPermission(current.user, permission),
    hasRole: (...roles) => (current.user ? roles.includes(current.user.role.name) : false),
  };
}
