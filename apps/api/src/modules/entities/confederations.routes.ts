import { apiErrorSchema } from '@origem/contract/errors';
import { listOf } from '@origem/contract/paging';
import {
  confederationInputSchema,
  confederationPageSchema,
  confederationSchema,
  entityListQuery,
  imageUploadSchema,
} from '@origem/contract/schemas/entities';
import { idParam } from '@origem/contract/schemas/fields';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readForm, withUploads } from '../../files/form';
import { LOGO_POLICY } from '../../files/upload';
import { requireActor } from '../../lib/context';
import { parseInput } from '../../lib/parse-input';
import * as confederations from './confederations.service';
import { sendImage } from './http';

const tags = ['Confederações'];
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

export async function confederationRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/v2/confederation',
    {
      config: view,
      schema: { tags, querystring: entityListQuery, response: { 200: confederationPageSchema } },
    },
    async (request) => confederations.listConfederations(app.db, requireActor(request.ctx), request.query),
  );
  app.get(
    '/v2/confederation/all',
    {
      config: { permission: ['entity.view', 'user.view'] },
      schema: { tags, response: { 200: listOf(option) } },
    },
    async (request) => confederations.allConfederations(app.db, requireActor(request.ctx)),
  );
  app.get(
    '/v2/confederation/:id',
    { config: view, schema: { tags, params: idParam, response: { 200: confederationSchema, ...errors } } },
    async (request) => confederations.getConfederation(app.db, requireActor(request.ctx), request.params.id),
  );
  app.get(
    '/v2/confederation/:id/image',
    { config: view, schema: { tags, params: idParam, summary: 'Baixa a imagem (logo) da confederação' } },
    async (request, reply) =>
      sendImage(
        request,
        reply,
        app.files,
        await confederations.confederationImage(app.db, requireActor(request.ctx), request.params.id),
        'attachment',
      ),
  );
  app.post(
    '/v2/confederation/image/upload',
    {
      config: manage,
      schema: {
        tags,
        description:
          'multipart/form-data com um único arquivo no campo `file` (PNG, JPEG ou SVG, até 2 MB). A resposta traz `file`, a referência a enviar como `confederation_image` no cadastro ou na edição.',
        response: { 201: imageUploadSchema, ...errors },
      },
    },
    async (request, reply) => {
      const form = await readForm(request, app.files, { file: LOGO_POLICY });
      const uploaded = await withUploads(app.files, form, ({ files }) =>
        confederations.uploadImage(app.db, app.files, request.ctx, requireActor(request.ctx), files.file),
      );
      return reply.status(201).send(uploaded);
    },
  );
  app.post(
    '/v2/confederation',
    {
      config: manage,
      schema: { tags, body: confederationInputSchema, response: { 201: confederationSchema, ...errors } },
    },
    async (request, reply) => {
      const confederation = await confederations.createConfederation(
        app.db,
        app.files,
        request.ctx,
        requireActor(request.ctx),
        request.body,
      );
      return reply.status(201).send(confederation);
    },
  );
  app.put(
    '/v2/confederation/:id',
    {
      config: manage,
      schema: {
        tags,
        description:
          'multipart/form-data (ou JSON): os campos da confederação; `confederation_image` com a referência devolvida pelo upload troca a imagem, `remove_image=true` a remove.',
        params: idParam,
        response: { 200: confederationSchema, ...errors },
      },
    },
    async (request) => {
      const form = await readForm(request, app.files, {});
      return confederations.updateConfederation(
        app.db,
        app.files,
        request.ctx,
        requireActor(request.ctx),
        request.params.id,
        parseInput(confederationInputSchema, form.fields),
      );
    },
  );
  app.delete(
    '/v2/confederation/:id',
    {
      config: manage,
      schema: { tags, params: idParam, response: { 200: z.object({ message: z.string() }), ...errors } },
    },
    async (request) =>
      confederations.deleteConfederation(
        app.db,
        app.files,
        request.ctx,
        requireActor(request.ctx),
        request.params.id,
      ),
  );
}
