import { apiErrorSchema } from '@origem/contract/errors';
import { messages } from '@origem/contract/messages.pt';
import { listOf, pageQuery } from '@origem/contract/paging';
import { idParam } from '@origem/contract/schemas/fields';
import {
  permissionSchema,
  roleFilterQuery,
  roleInputSchema,
  rolePageSchema,
  roleSchema,
} from '@origem/contract/schemas/roles';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor } from '../../lib/context';
import * as roles from './service';

const tags = ['Perfis e permissões'];
const errors = {
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  422: apiErrorSchema,
};

export async function roleRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/v1/role',
    {
      config: { permission: 'role.manage' },
      schema: { tags, querystring: pageQuery, response: { 200: rolePageSchema } },
    },
    async (request) => roles.listRoles(app.db, request.query),
  );
  app.get(
    '/v1/role/with_filter',
    {
      config: { permission: 'role.manage' },
      schema: { tags, querystring: roleFilterQuery, response: { 200: rolePageSchema } },
    },
    async (request) => roles.listRoles(app.db, request.query),
  );
  app.get(
    '/v1/role/all',
    {
      config: { permission: ['role.manage', 'user.view'] },
      schema: { tags, response: { 200: listOf(roleSchema) } },
    },
    async (request) => roles.allRoles(app.db, requireActor(request.ctx)),
  );
  app.get(
    '/v1/role/type',
    {
      config: { permission: ['role.manage', 'user.view'] },
      schema: { tags, response: { 200: listOf(z.object({ id: z.string(), name: z.string() })) } },
    },
    async () => roles.roleTypes(),
  );
  app.get(
    '/v1/role/:id',
    {
      config: { permission: 'role.manage' },
      schema: { tags, params: idParam, response: { 200: roleSchema, ...errors } },
    },
    async (request) => roles.getRole(app.db, request.params.id),
  );
  app.post(
    '/v1/role',
    {
      config: { permission: 'role.manage' },
      schema: { tags, body: roleInputSchema, response: { 201: roleSchema, ...errors } },
    },
    async (request, reply) =>
      reply.status(201).send(await roles.createRole(app.db, request.ctx, request.body)),
  );
  app.put(
    '/v1/role/:id',
    {
      config: { permission: 'role.manage' },
      schema: { tags, params: idParam, body: roleInputSchema, response: { 200: roleSchema, ...errors } },
    },
    async (request) => roles.updateRole(app.db, request.ctx, request.params.id, request.body),
  );
  app.delete(
    '/v1/role/:id',
    {
      config: { permission: 'role.manage' },
      schema: { tags, params: idParam, response: { 200: z.object({ message: z.string() }), ...errors } },
    },
    async (request) => {
      await roles.deleteRole(app.db, request.ctx, request.params.id);
      return { message: messages.role.deleted };
    },
  );
  app.get(
    '/v1/permission/all',
    { config: { permission: 'role.manage' }, schema: { tags, response: { 200: listOf(permissionSchema) } } },
    async () => roles.allPermissions(app.db),
  );
}
