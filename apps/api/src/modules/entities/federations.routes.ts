import { apiErrorSchema } from '@origem/contract/errors';
import { listOf } from '@origem/contract/paging';
import {
  entityListQuery,
  federationInputSchema,
  federationPageSchema,
  federationSchema,
} from '@origem/contract/schemas/entities';
import { idParam } from '@origem/contract/schemas/fields';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readForm, withUploads } from '../../files/form';
import { LOGO_POLICY } from '../../files/upload';
import { requireActor } from '../../lib/context';
import { parseInput } from '../../lib/parse-input';
import * as federations from './federations.service';
import { sendImage } from './http';

const tags = ['Federações'];
const errors = {
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  422: apiErrorSchema,
};
const view = { permission: 'entity.view' } as const;
const manage = { permission: 'entity.manage' } as const;
const option = z.object({ id: z.number(), name: z.string(), abbreviation: z.string().nullable() });
const formDoc =
  'multipart/form-data (ou JSON sem arquivo): os campos da federação e, opcionalmente, o arquivo `logo` (PNG, JPEG ou SVG, até 2 MB); `remove_logo=true` remove a logo atual.';

export async function federationRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/v1/federation',
    { config: view, schema: { tags, querystring: entityListQuery, response: { 200: federationPageSchema } } },
    async (request) => federations.listFederations(app.db, requireActor(request.ctx), request.query),
  );
  app.get(
    '/v1/federation/all',
    // The select of the user form needs it too.
    {
      config: { permission: ['entity.view', 'user.view'] },
      schema: { tags, response: { 200: listOf(option) } },
    },
    async (request) => federations.allFederations(app.db, requireActor(request.ctx)),
  );
  app.get(
    '/v1/federation/:id',
    { config: view, schema: { tags, params: idParam, response: { 200: federationSchema, ...errors } } },
    async (request) => federations.getFederation(app.db, requireActor(request.ctx), request.params.id),
  );
  app.get(
    '/v1/federation/:id/logo',
    {
      // Branding: the header, printed documents and public pages show it without a session.
      config: { public: true },
      schema: { tags, params: idParam, summary: 'Logo da federação (pública)' },
    },
    async (request, reply) =>
      sendImage(
        request,
        reply,
        app.files,
        await federations.federationLogo(app.db, request.params.id),
        'inline',
      ),
  );
  app.post(
    '/v1/federation',
    {
      config: manage,
      schema: { tags, description: formDoc, response: { 201: federationSchema, ...errors } },
    },
    async (request, reply) => {
      const form = await readForm(request, app.files, { logo: LOGO_POLICY });
      const federation = await withUploads(app.files, form, ({ fields, files }) =>
        federations.createFederation(
          app.db,
          app.files,
          request.ctx,
          requireActor(request.ctx),
          parseInput(federationInputSchema, fields),
          files.logo,
        ),
      );
      return reply.status(201).send(federation);
    },
  );
  app.post(
    '/v1/federation/:id',
    {
      config: manage,
      schema: { tags, description: formDoc, params: idParam, response: { 200: federationSchema, ...errors } },
    },
    async (request) => {
      const form = await readForm(request, app.files, { logo: LOGO_POLICY });
      return withUploads(app.files, form, ({ fields, files }) =>
        federations.updateFederation(
          app.db,
          app.files,
          request.ctx,
          requireActor(request.ctx),
          request.params.id,
          parseInput(federationInputSchema, fields),
          files.logo,
        ),
      );
    },
  );
  app.delete(
    '/v1/federation/:id',
    {
      config: manage,
      schema: { tags, params: idParam, response: { 200: z.object({ message: z.string() }), ...errors } },
    },
    async (request) =>
      federations.deleteFederation(
        app.db,
        app.files,
        request.ctx,
        requireActor(request.ctx),
        request.params.id,
      ),
  );
}
