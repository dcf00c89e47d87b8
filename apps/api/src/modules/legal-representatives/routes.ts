import { apiErrorSchema } from '@origem/contract/errors';
import { listOf } from '@origem/contract/paging';
import { idParam } from '@origem/contract/schemas/fields';
import {
  legalRepresentativeAllQuery,
  legalRepresentativeInputSchema,
  legalRepresentativeListQuery,
  legalRepresentativeOptionSchema,
  legalRepresentativePageSchema,
  legalRepresentativeSchema,
  PROCURATION_FILE_NAME,
} from '@origem/contract/schemas/legal-representatives';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendStoredFile } from '../../files/records';
import { PDF_POLICY } from '../../files/upload';
import { requireActor } from '../../lib/context';
import { saveRoutes } from '../../lib/save-form';
import * as representatives from './service';

const tags = ['Responsáveis legais'];
const errors = { 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 422: apiErrorSchema };
const view = { permission: 'legal_representative.view' } as const;
const manage = { permission: 'legal_representative.manage' } as const;
const formDoc =
  'multipart/form-data (ou JSON sem arquivo): os campos do responsável legal e, opcionalmente, o arquivo ' +
  '`procuration` (PDF, até 10 MB) com a data `procuration_valid_until` (AAAA-MM-DD, obrigatória quando há ' +
  'procuração); `remove_procuration=true` remove a procuração atual. Um usuário exportador cadastra sempre ' +
  'no seu próprio exportador.';

export async function legalRepresentativeRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/v1/legal_representative',
    {
      config: view,
      schema: {
        tags,
        querystring: legalRepresentativeListQuery,
        response: { 200: legalRepresentativePageSchema },
      },
    },
    async (request) => representatives.listRepresentatives(app.db, requireActor(request.ctx), request.query),
  );
  app.get(
    '/v1/legal_representative/all',
    {
      config: view,
      schema: {
        tags,
        summary: 'Responsáveis legais para seleção (declarações e certificados)',
        querystring: legalRepresentativeAllQuery,
        response: { 200: listOf(legalRepresentativeOptionSchema) },
      },
    },
    async (request) =>
      representatives.allRepresentatives(app.db, requireActor(request.ctx), request.query.exporter_id),
  );
  app.get(
    '/v1/legal_representative/procuration/:id',
    { config: view, schema: { tags, params: idParam, summary: 'Download da procuração (procuracao.pdf)' } },
    async (request, reply) => {
      const file = await representatives.procurationFile(
        app.db,
        requireActor(request.ctx),
        request.params.id,
      );
      return sendStoredFile(reply, app.files, file, PROCURATION_FILE_NAME);
    },
  );
  app.get(
    '/v1/legal_representative/:id',
    {
      config: view,
      schema: { tags, params: idParam, response: { 200: legalRepresentativeSchema, ...errors } },
    },
    async (request) =>
      representatives.getRepresentative(app.db, requireActor(request.ctx), request.params.id),
  );
  saveRoutes(app, {
    path: '/v1/legal_representative',
    config: manage,
    tags,
    input: legalRepresentativeInputSchema,
    files: { procuration: { policy: PDF_POLICY, description: 'Procuração (PDF até 10 MB)' } },
    description: formDoc,
    detail: legalRepresentativeSchema,
    errors,
    create: { run: representatives.createRepresentative },
    update: { method: 'post', run: representatives.updateRepresentative },
  });
  app.delete(
    '/v1/legal_representative/:id',
    {
      config: manage,
      schema: { tags, params: idParam, response: { 200: z.object({ message: z.string() }), ...errors } },
    },
    async (request) =>
      representatives.deleteRepresentative(app.db, request.ctx, requireActor(request.ctx), request.params.id),
  );
}
