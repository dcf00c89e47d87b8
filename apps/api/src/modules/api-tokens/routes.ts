import { apiErrorSchema } from '@origem/contract/errors';
import {
  adminApiTokenListQuery,
  adminApiTokenPageSchema,
  apiTokenCreatedSchema,
  apiTokenCreateSchema,
  apiTokenListSchema,
  apiTokenScopesSchema,
} from '@origem/contract/schemas/api-tokens';
import { idParam } from '@origem/contract/schemas/fields';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor } from '../../lib/context';
import * as tokens from './service';

const tags = ['Tokens de API'];
const errors = { 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 422: apiErrorSchema };
const own = { permission: 'authenticated' } as const;
const admin = { permission: 'user.manage' } as const;
const message = z.object({ message: z.string() });

/** Personal API tokens (issue 25): each user's own, and the administrator's view of all of them. */
export async function apiTokenRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/v1/api-token/scopes',
    {
      config: own,
      schema: {
        tags,
        summary: 'Escopos que o usuário pode dar a um token: as permissões que ele tem hoje',
        response: { 200: apiTokenScopesSchema, ...errors },
      },
    },
    async (request) => tokens.availableScopes(app.db, requireActor(request.ctx)),
  );

  app.get(
    '/v1/api-token',
    {
      config: own,
      schema: {
        tags,
        summary: 'Os tokens de API do usuário, dos mais novos (com último uso e revogação)',
        response: { 200: apiTokenListSchema, ...errors },
      },
    },
    async (request) => tokens.listOwnTokens(app.db, requireActor(request.ctx)),
  );

  app.post(
    '/v1/api-token',
    {
      config: own,
      schema: {
        tags,
        summary:
          'Cria um token de API (pede a senha do usuário); o token aparece só nesta resposta e é guardado como hash',
        body: apiTokenCreateSchema,
        response: { 201: apiTokenCreatedSchema, 429: apiErrorSchema, ...errors },
      },
    },
    async (request, reply) => {
      const created = await tokens.createToken(app.db, request.ctx, requireActor(request.ctx), request.body);
      return reply.status(201).send(created);
    },
  );

  app.delete(
    '/v1/api-token/:id',
    {
      config: own,
      schema: {
        tags,
        summary: 'Revoga um token de API do próprio usuário',
        params: idParam,
        response: { 200: message, 409: apiErrorSchema, ...errors },
      },
    },
    async (request) =>
      tokens.revokeToken(app.db, request.ctx, requireActor(request.ctx), request.params.id, true),
  );

  app.get(
    '/v1/admin/api-token',
    {
      config: admin,
      schema: {
        tags,
        summary:
          'Todos os tokens de API (só o administrador da plataforma), dos mais novos (busca por nome do token, do usuário ou e-mail)',
        querystring: adminApiTokenListQuery,
        response: { 200: adminApiTokenPageSchema, ...errors },
      },
    },
    async (request) => tokens.listAllTokens(app.db, requireActor(request.ctx), request.query),
  );

  app.delete(
    '/v1/admin/api-token/:id',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Revoga o token de API de qualquer usuário',
        params: idParam,
        response: { 200: message, 409: apiErrorSchema, ...errors },
      },
    },
    async (request) =>
      tokens.revokeToken(app.db, request.ctx, requireActor(request.ctx), request.params.id, false),
  );
}
