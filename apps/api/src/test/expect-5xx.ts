import { describe5xx, type Recorded5xx, setServerErrorSink } from '../plugins/record-5xx';

/** What a test declares it provokes on purpose: a status, and optionally the route pattern it comes from. */
export type Expected5xx = { status: number; route?: string | RegExp };

type State = { recorded: Recorded5xx[]; expected: Expected5xx[] };
const KEY = Symbol.for('origem.expected5xx');
const holder = globalThis as Record<symbol, State | undefined>;
holder[KEY] ??= { recorded: [], expected: [] };
const state: State = holder[KEY];

/** Starts collecting the 5xx of every app the tests build (apps/api/src/test/setup.ts). */
export function collect5xx(): void {
  setServerErrorSink((entry) => state.recorded.push(entry));
}

/**
 * Declares, inside a test, that it provokes 5xx answers on purpose (the store or the database down: 503): those
 * pass the run's check; any other 5xx fails the test. Without `route`, any route with that status.
 */
export function expect5xx(expected: Expected5xx = { status: 503 }): void {
  state.expected.push(expected);
}

const matches = (e: Expected5xx, entry: Recorded5xx) =>
  e.status === entry.status &&
  (e.route === undefined ||
    (typeof e.route === 'string' ? e.route === entry.route : e.route.test(entry.route ?? entry.url)));

/**
 * Takes the 5xx recorded since the last call and forgets the declarations; returns the unexpected ones as a
 * message (empty when none).
 */
export function takeUnexpected5xx(): string {
  const unexpected = state.recorded.filter((entry) => !state.expected.some((e) => matches(e, entry)));
  state.recorded.length = 0;
  state.expected.length = 0;
  if (unexpected.length === 0) return '';
  return `${unexpected.length} resposta(s) 5xx inesperada(s) (declare com expect5xx() se for de propósito):\n${unexpected
    .map(describe5xx)
    .join('\n')}`;
}
