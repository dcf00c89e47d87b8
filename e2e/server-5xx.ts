import { existsSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * The file the browser tests' server writes every 5xx it answers to (RECORD_5XX, apps/api/src/plugins/record-5xx.ts):
 * one JSON line each, with the route and the error's stack. Emptied when the server starts; the run's global
 * teardown (e2e/server-5xx-teardown.ts) fails the run when anything is in it.
 */
export const SERVER_5XX_FILE = path.join(
  tmpdir(),
  `origem-e2e-5xx-${Number(process.env.E2E_APP_PORT ?? 3210)}.jsonl`,
);

type Recorded = {
  at: string;
  method: string;
  url: string;
  route: string | null;
  status: number;
  error: string | null;
};

/** What the server recorded, one readable block per answer (empty: none). */
export function recorded5xx(file = SERVER_5XX_FILE): string[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const e = JSON.parse(line) as Recorded;
      const head = `${e.at} ${e.status} ${e.method} ${e.url} (rota ${e.route ?? 'nenhuma'})`;
      return e.error ? `${head}\n${e.error.replace(/^/gm, '    ')}` : head;
    });
}
