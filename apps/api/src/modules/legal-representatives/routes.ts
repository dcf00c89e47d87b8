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
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readForm, withUploads } from '../../files/form';
import { sendStoredFile } from '../../files/records';
import { PDF_POLICY, type ReceivedFile } from '../../files/upload';
import { requireActor } from '../../lib/context';
import { formBody } from '../../lib/form-doc';
import { parseInput } from '../../lib/parse-input';
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
const representativeForm = formBody({
  fields: legalRepresentativeInputSchema,
  files: { procuration: 'Procuração (PDF até 10 MB)' },
  json: true,
});

export async function legalRepresentativeRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  /** The form (multipart or JSON) with the procuration streamed into storage, validated, then saved. */
  const save = async <T>(
    request: FastifyRequest,
    work: (
      input: z.output<typeof legalRepresentativeInputSchema>,
      file: ReceivedFile | undefined,
    ) => Promise<T>,
  ) => {
    const form = await readForm(request, app.files, { procuration: PDF_POLICY });
    return withUploads(app.files, form, ({ fields, files }) =>
      work(parseInput(legalRepresentativeInputSchema, fields), files.procuration),
    );
  };

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
  app.post(
    '/v1/legal_representative',
    {
      config: manage,
      schema: {
        tags,
        description: formDoc,
        ...representativeForm,
        response: { 201: legalRepresentativeSchema, ...errors },
      },
    },
    async (request, reply) => {
      const created = await save(request, (input, file) =>
        representatives.createRepresentative(
          app.db,
          app.files,
          request.ctx,
          requireActor(request.ctx),
          input,
          file,
        ),
      );
      return reply.status(201).send(created);
    },
  );
  app.post(
    '/v1/legal_representative/:id',
    {
      config: manage,
      schema: {
        tags,
        description: formDoc,
        ...representativeForm,
        params: idParam,
        response: { 200: legalRepresentativeSchema, ...errors },
      },
    },
    async (request) =>
      save(request, (input, file) =>
        representatives.updateRepresentative(
          app.db,
          app.files,
          request.ctx,
          requireActor(request.ctx),
          request.params.id,
          input,
          file,
        ),
      ),
  );
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
