/**
 * Where the crash tests kill the server (issue 35): `ORIGEM_CRASH_AT=<point>:<Idempotency-Key>[,…]` makes the
 * process SIGKILL itself when the request with that key reaches the point — a real death, with nothing flushed or
 * rolled back by the process, as a power cut or the kernel's OOM killer would leave it. Never honoured in production.
 */
export type CrashPoint = 'before-commit' | 'after-commit';

const planned = new Set(
  process.env.NODE_ENV === 'production'
    ? []
    : (process.env.ORIGEM_CRASH_AT ?? '')
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean),
);

export function crashPoint(point: CrashPoint, key: string): void {
  if (planned.size > 0 && planned.has(`${point}:${key}`)) process.kill(process.pid, 'SIGKILL');
}
