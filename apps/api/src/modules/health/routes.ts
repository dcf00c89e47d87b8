import type { FastifyInstance } from 'fastify';
import { pingDatabase } from '../../db/client';

export async function healthRoutes(app: FastifyInstance): Promise<void> {
  /** Liveness: the process answers. */
  app.get('/health', { config: { public: true }, schema: { hide: true } }, async () => ({ status: 'ok' }));

  /** Readiness: the database answers too. */
  app.get('/ready', { config: { public: true }, schema: { hide: true } }, async (_request, reply) => {
    try {
      await pingDatabase(app.db);
      return { status: 'ok', database: 'ok' };
    } catch {
      return reply.status(503).send({ status: 'unavailable', database: 'error' });
    }
  });
}
