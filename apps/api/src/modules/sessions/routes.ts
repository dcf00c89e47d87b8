import { apiErrorSchema } from '@origem/contract/errors';
import { sessionListSchema } from '@origem/contract/schemas/account';
import { idParam } from '@origem/contract/schemas/fields';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor } from '../../lib/context';
import * as sessions from './service';

const errors = { 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
const sessionParam = z.object({ sessionId: idParam.shape.id });
const userSessionParams = idParam.extend({ sessionId: idParam.shape.id });

/** "Minha conta → Sessões", and an administrator's view of a user's sessions. */
export async function sessionRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const limits = app.config.sessionLimits;

  app.get(
    '/v1/account/sessions',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags: ['Minha conta'],
        summary: 'Sessões ativas do usuário',
        response: { 200: sessionListSchema },
      },
    },
    async (request) => ({ data: await sessions.mySessions(app.db, requireActor(request.ctx), limits) }),
  );

  app.delete(
    '/v1/account/sessions/:sessionId',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags: ['Minha conta'],
        summary: 'Encerra uma sessão',
        params: sessionParam,
      },
    },
    async (request, reply) => {
      const actor = requireActor(request.ctx);
      await sessions.endMySession(app.db, request.ctx, actor, request.params.sessionId, limits);
      return reply.status(204).send();
    },
  );

  app.delete(
    '/v1/account/sessions',
    {
      config: { permission: 'authenticated' },
      schema: { tags: ['Minha conta'], summary: 'Encerra todas as outras sessões' },
    },
    async (request, reply) => {
      await sessions.endMyOtherSessions(app.db, request.ctx, requireActor(request.ctx));
      return reply.status(204).send();
    },
  );

  app.get(
    '/v1/user/:id/sessions',
    {
      config: { permission: 'user.manage' },
      schema: {
        tags: ['Usuários'],
        summary: 'Sessões ativas de um usuário',
        params: idParam,
        response: { 200: sessionListSchema, ...errors },
      },
    },
    async (request) => ({
      data: await sessions.userSessions(app.db, requireActor(request.ctx), request.params.id, limits),
    }),
  );

  app.delete(
    '/v1/user/:id/sessions/:sessionId',
    {
      config: { permission: 'user.manage' },
      schema: {
        tags: ['Usuários'],
        summary: 'Encerra uma sessão do usuário',
        params: userSessionParams,
      },
    },
    async (request, reply) => {
      const { id, sessionId } = request.params;
      await sessions.endUserSession(app.db, request.ctx, requireActor(request.ctx), id, sessionId, limits);
      return reply.status(204).send();
    },
  );
}
