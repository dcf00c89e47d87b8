import { appendFileSync } from 'node:fs';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/** One 5xx the server answered. */
export type Recorded5xx = {
  at: string;
  method: string;
  url: string;
  /** The route's pattern (`/v1/certificate/:id`), or null when no route matched (the SPA fallback, a 404 path). */
  route: string | null;
  status: number;
  /** The error that led to it (stack included), when there was one. */
  error: string | null;
};

const SINK = Symbol.for('origem.record5xx');
type GlobalWithSink = typeof globalThis & { [SINK]?: (entry: Recorded5xx) => void };

/**
 * Where the API test runs collect the 5xx of every app they build (apps/api/src/test/setup.ts installs it); one
 * per process, shared by every test file of a worker.
 */
export function setServerErrorSink(sink: ((entry: Recorded5xx) => void) | undefined): void {
  (globalThis as GlobalWithSink)[SINK] = sink;
}

const errors = new WeakMap<FastifyRequest, Error>();

/**
 * Records every answer of 500 or more — the route, the method, the status and the error's stack — in the file
 * `RECORD_5XX` names (JSON lines; the browser tests' server) and in the test runner's sink when one is installed.
 * Neither set (production): nothing is registered. No 5xx is ever expected in a test run unless the test says so.
 */
export const record5xxPlugin = fp(async (app: FastifyInstance) => {
  const file = app.config.record5xx;
  if (!file && !(globalThis as GlobalWithSink)[SINK]) return;
  app.addHook('onError', async (request, _reply, error) => {
    errors.set(request, error);
  });
  app.addHook('onResponse', async (request, reply) => {
    if (reply.statusCode < 500) return;
    const error = errors.get(request);
    const entry: Recorded5xx = {
      at: new Date().toISOString(),
      method: request.method,
      url: request.url.slice(0, 300),
      route: request.routeOptions.url ?? null,
      status: reply.statusCode,
      error: error ? (error.stack ?? String(error)) : null,
    };
    if (file) appendFileSync(file, `${JSON.stringify(entry)}\n`);
    (globalThis as GlobalWithSink)[SINK]?.(entry);
  });
});

/** The lines a report lists for each recorded 5xx. */
export function describe5xx(entry: Recorded5xx): string {
  const head = `${entry.status} ${entry.method} ${entry.url} (rota ${entry.route ?? 'nenhuma'})`;
  return entry.error ? `${head}\n${entry.error.replace(/^/gm, '    ')}` : head;
}
