import type { FailureHistory } from './queries';

/** DOMAIN.md §8: five failures for one account from one address within 15 minutes block that pair for 15 minutes. */
export const LOCKOUT_FAILURES = 5;
export const LOCKOUT_WINDOW_MS = 15 * 60 * 1000;

/**
 * Blocked while the address's five latest failures fell within one window and the last of them is less than a
 * window old: the block lasts 15 minutes from the fifth failure (blocked attempts add none). Passwords and second
 * factor codes share the rule, each under its own key.
 */
export function blockedFromAddress(history: FailureHistory): boolean {
  const { latest, nth, now } = history;
  if (!latest || !nth) return false;
  return (
    now.getTime() - latest.getTime() < LOCKOUT_WINDOW_MS &&
    latest.getTime() - nth.getTime() <= LOCKOUT_WINDOW_MS
  );
}
