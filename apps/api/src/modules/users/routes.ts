import { apiErrorSchema } from '@origem/contract/errors';
import { messages } from '@origem/contract/messages.pt';
import { pageQuery } from '@origem/contract/paging';
import { idParam } from '@origem/contract/schemas/fields';
import { userInputSchema, userPageSchema, userSchema, userSearchQuery } from '@origem/contract/schemas/users';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor } from '../../lib/context';
import * as users from './service';

const tags = ['Usuários'];
const errors = { 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 422: apiErrorSchema };

export async function userRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/v1/user',
    {
      config: { permission: 'user.view' },
      schema: { tags, querystring: pageQuery, response: { 200: userPageSchema } },
    },
    async (request) => users.searchUsers(app.db, requireActor(request.ctx), request.query),
  );

  app.get(
    '/v1/user/search',
    {
      config: { permission: 'user.view' },
      schema: { tags, querystring: userSearchQuery, response: { 200: userPageSchema } },
    },
    async (request) => users.searchUsers(app.db, requireActor(request.ctx), request.query),
  );

  app.get(
    '/v1/user/:id',
    {
      config: { permission: 'user.view' },
      schema: { tags, params: idParam, response: { 200: userSchema, ...errors } },
    },
    async (request) => users.getUser(app.db, requireActor(request.ctx), request.params.id),
  );

  app.post(
    '/v1/user',
    {
      config: { permission: 'user.manage' },
      schema: { tags, body: userInputSchema, response: { 201: userSchema, ...errors } },
    },
    async (request, reply) => {
      const user = await users.createUser(app.db, request.ctx, requireActor(request.ctx), request.body);
      void app.mail.flush();
      return reply.status(201).send(user);
    },
  );

  app.put(
    '/v1/user/:id',
    {
      config: { permission: 'user.manage' },
      schema: { tags, params: idParam, body: userInputSchema, response: { 200: userSchema, ...errors } },
    },
    async (request) => {
      const user = await users.updateUser(
        app.db,
        request.ctx,
        requireActor(request.ctx),
        request.params.id,
        request.body,
      );
      // A changed e-mail notifies the old address.
      void app.mail.flush();
      return user;
    },
  );

  app.delete(
    '/v1/user/:id',
    {
      config: { permission: 'user.manage' },
      schema: { tags, params: idParam, response: { 200: z.object({ message: z.string() }), ...errors } },
    },
    async (request) => {
      await users.deleteUser(app.db, request.ctx, requireActor(request.ctx), request.params.id);
      return { message: messages.user.deleted };
    },
  );
}
