import { apiErrorSchema } from '@origem/contract/errors';
import { listOf } from '@origem/contract/paging';
import {
  associationByUserQuery,
  associationDetailSchema,
  associationInputSchema,
  associationOptionSchema,
  associationPageSchema,
  entityListQuery,
} from '@origem/contract/schemas/entities';
import { idParam } from '@origem/contract/schemas/fields';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readForm, withUploads } from '../../files/form';
import { LOGO_POLICY } from '../../files/upload';
import { requireActor } from '../../lib/context';
import { parseInput } from '../../lib/parse-input';
import * as associations from './associations.service';
import { sendImage } from './http';

const tags = ['Associações comerciais'];
const errors = {
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  422: apiErrorSchema,
};
const view = { permission: 'entity.view' } as const;
const manage = { permission: 'entity.manage' } as const;
const formDoc =
  'multipart/form-data (ou JSON sem arquivo): os campos da associação, `fees` (JSON: [{deal_id, member_fee, non_member_fee}], substitui a tabela inteira; ausente, a mantém) e, opcionalmente, o arquivo `logo` (PNG, JPEG ou SVG, até 2 MB); `remove_logo=true` remove a logo atual.';

export async function associationRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/v1/trade_association',
    {
      config: view,
      schema: { tags, querystring: entityListQuery, response: { 200: associationPageSchema } },
    },
    async (request) => associations.listAssociations(app.db, requireActor(request.ctx), request.query),
  );
  app.get(
    '/v1/trade_association/all',
    {
      config: { permission: ['entity.view', 'user.view'] },
      schema: { tags, response: { 200: listOf(associationOptionSchema.omit({ ehid: true })) } },
    },
    async (request) => associations.allAssociations(app.db, requireActor(request.ctx)),
  );
  app.get(
    '/v1/trade_association/by_user',
    {
      // The billing report by association lists them for the signed-in user.
      config: { permission: ['entity.view', 'report.billing'] },
      schema: {
        tags,
        querystring: associationByUserQuery,
        response: { 200: listOf(associationOptionSchema), ...errors },
      },
    },
    async (request) => associations.associationsByUser(app.db, requireActor(request.ctx), request.query),
  );
  app.get(
    '/v1/trade_association/:id',
    {
      config: view,
      schema: { tags, params: idParam, response: { 200: associationDetailSchema, ...errors } },
    },
    async (request) => associations.getAssociation(app.db, requireActor(request.ctx), request.params.id),
  );
  app.get(
    '/v1/trade_association/:id/logo',
    {
      // Served only to users who may see the association (404 out of scope), like every owned file.
      config: { permission: ['entity.view', 'user.view'] },
      schema: { tags, params: idParam, summary: 'Logo da associação comercial' },
    },
    async (request, reply) =>
      sendImage(
        request,
        reply,
        app.files,
        await associations.associationLogo(app.db, requireActor(request.ctx), request.params.id),
        'inline',
      ),
  );
  app.post(
    '/v1/trade_association',
    {
      config: manage,
      schema: { tags, description: formDoc, response: { 201: associationDetailSchema, ...errors } },
    },
    async (request, reply) => {
      const form = await readForm(request, app.files, { logo: LOGO_POLICY });
      const association = await withUploads(app.files, form, ({ fields, files }) =>
        associations.createAssociation(
          app.db,
          app.files,
          request.ctx,
          requireActor(request.ctx),
          parseInput(associationInputSchema, fields),
          files.logo,
        ),
      );
      return reply.status(201).send(association);
    },
  );
  app.post(
    '/v1/trade_association/:id',
    {
      config: manage,
      schema: {
        tags,
        description: formDoc,
        params: idParam,
        response: { 200: associationDetailSchema, ...errors },
      },
    },
    async (request) => {
      const form = await readForm(request, app.files, { logo: LOGO_POLICY });
      return withUploads(app.files, form, ({ fields, files }) =>
        associations.updateAssociation(
          app.db,
          app.files,
          request.ctx,
          requireActor(request.ctx),
          request.params.id,
          parseInput(associationInputSchema, fields),
          files.logo,
        ),
      );
    },
  );
  app.delete(
    '/v1/trade_association/:id',
    {
      config: manage,
      schema: { tags, params: idParam, response: { 200: z.object({ message: z.string() }), ...errors } },
    },
    async (request) =>
      associations.deleteAssociation(
        app.db,
        app.files,
        request.ctx,
        requireActor(request.ctx),
        request.params.id,
      ),
  );
}
