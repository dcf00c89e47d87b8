import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeUser } from '../test-utils';
import { SESSION_KEYS, sessionStore } from './session';

afterEach(() => localStorage.clear());

describe('sessionStore.setUser', () => {
  it('tells the screens only when the user changed: the refresh at each load mostly reads back the same one', () => {
    const user = makeUser('admin', { name: 'Ana Admin' });
    sessionStore.setUser(user);
    const listener = vi.fn();
    const unsubscribe = sessionStore.subscribe(listener);
    const before = sessionStore.getSnapshot();

    sessionStore.setUser(JSON.parse(JSON.stringify(user)));
    expect(listener).not.toHaveBeenCalled();
    expect(sessionStore.getSnapshot()).toBe(before);

    sessionStore.setUser({ ...user, permissions: [...user.permissions, 'report.billing'] });
    expect(listener).toHaveBeenCalledTimes(1);
    expect(JSON.parse(localStorage.getItem(SESSION_KEYS.user) ?? '{}').permissions).toContain(
      'report.billing',
    );
    unsubscribe();
  });
});
