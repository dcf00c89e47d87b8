import type { FastifyInstance } from 'fastify';
import { migrationsApplied, pingDatabase } from '../../db/client';

type Check = 'ok' | 'error';

/** Each dependency's check gets this long: a load balancer's probe must not hang on a stuck store. */
const CHECK_TIMEOUT_MS = 3_000;

async function check(
  work: () => Promise<unknown>,
  log: FastifyInstance['log'],
  name: string,
): Promise<Check> {
  let timer: NodeJS.Timeout | undefined;
  try {
    const ok = await Promise.race([
      work().then((answer) => answer !== false),
      new Promise<boolean>((_resolve, reject) => {
        timer = setTimeout(
          () => reject(new Error(`${name}: sem resposta em ${CHECK_TIMEOUT_MS} ms`)),
          CHECK_TIMEOUT_MS,
        );
      }),
    ]);
    return ok ? 'ok' : 'error';
  } catch (err) {
    // The cause is for the operator's log; the probe's answer says only which part is not ready.
    log.warn({ err, check: name }, 'readiness check failed');
    return 'error';
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Probes for a load balancer or an orchestrator, public and without detail an attacker could use (no versions,
 * hosts or error texts — those go to the log): `/health/live` says the process answers; `/health/ready` that it
 * can serve — the database answers, the file store answers, and every migration of this build is applied.
 * `/health` and `/ready` are the older names, kept.
 */
export async function healthRoutes(app: FastifyInstance): Promise<void> {
  const opts = { config: { public: true }, schema: { hide: true } } as const;
  const live = async () => ({ status: 'ok' });
  app.get('/health/live', opts, live);
  app.get('/health', opts, live);

  let migrated = false;
  const ready = async () => {
    const [database, storage] = await Promise.all([
      check(() => pingDatabase(app.db), app.log, 'database'),
      check(() => app.files.ping(), app.log, 'storage'),
    ]);
    // Once every migration is seen applied, it stays so for this process's life.
    migrated ||=
      database === 'ok' && (await check(() => migrationsApplied(app.db), app.log, 'migrations')) === 'ok';
    const checks = { database, storage, migrations: migrated ? 'ok' : 'error' } as const;
    const ok = Object.values(checks).every((value) => value === 'ok');
    return { status: ok ? 'ok' : 'unavailable', checks };
  };
  for (const url of ['/health/ready', '/ready']) {
    app.get(url, opts, async (_request, reply) => {
      const answer = await ready();
      return reply.status(answer.status === 'ok' ? 200 : 503).send(answer);
    });
  }
}
