import { apiErrorSchema } from '@origem/contract/errors';
import { listOf } from '@origem/contract/paging';
import type { Permission } from '@origem/contract/permissions';
import { idParam } from '@origem/contract/schemas/fields';
import {
  partyListQuery,
  partyOptionSchema,
  partyRecordInputSchema,
  partyRecordPageSchema,
  partyRecordSchema,
  partyTrashedQuery,
  personTypeSchema,
} from '@origem/contract/schemas/party-records';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readForm, withUploads } from '../../files/form';
import { sendStoredFile } from '../../files/records';
import { PDF_POLICY } from '../../files/upload';
import { requireActor } from '../../lib/context';
import { formBody } from '../../lib/form-doc';
import { parseInput } from '../../lib/parse-input';
import type { PartyKindSpec } from './kinds';
import * as parties from './parties.service';

export const partyErrors = {
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  422: apiErrorSchema,
};

export type PartyRouteOptions = {
  spec: PartyKindSpec;
  /** '/v1/exporter' or '/v1/dispatcher'. */
  base: string;
  tags: string[];
  view: Permission;
  manage: Permission;
};

const formDoc =
  'multipart/form-data (ou JSON sem arquivo): os campos da parte e, opcionalmente, o arquivo `social_contract` (PDF, até 10 MB); `remove_social_contract=true` remove o contrato social atual.';
const partyForm = formBody({
  fields: partyRecordInputSchema,
  files: { social_contract: 'Contrato social (PDF até 10 MB)' },
  json: true,
});

/** The endpoints exporters and dispatchers share (SPEC §7), for one kind. */
export async function registerPartyRoutes(fastify: FastifyInstance, o: PartyRouteOptions): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { spec, base, tags } = o;
  const view = { permission: o.view };
  const manage = { permission: o.manage };
  const readPartyForm = (request: Parameters<typeof readForm>[0]) =>
    readForm(request, app.files, { social_contract: PDF_POLICY });

  app.get(
    base,
    { config: view, schema: { tags, querystring: partyListQuery, response: { 200: partyRecordPageSchema } } },
    async (request) => parties.listParties(app.db, spec, requireActor(request.ctx), request.query),
  );
  app.get(
    `${base}/with_trashed`,
    {
      config: view,
      schema: { tags, querystring: partyTrashedQuery, response: { 200: partyRecordPageSchema } },
    },
    async (request) => parties.listTrashedParties(app.db, spec, requireActor(request.ctx), request.query),
  );
  app.get(
    `${base}/all`,
    { config: view, schema: { tags, response: { 200: listOf(partyOptionSchema) } } },
    async (request) => parties.allParties(app.db, spec, requireActor(request.ctx)),
  );
  app.get(
    `${base}/person_type/all`,
    { config: view, schema: { tags, response: { 200: listOf(personTypeSchema) } } },
    async () => parties.personTypes(app.db),
  );
  app.get(
    `${base}/social_contract/:id`,
    { config: view, schema: { tags, params: idParam, summary: 'Contrato social (download)' } },
    async (request, reply) =>
      sendStoredFile(
        reply,
        app.files,
        await parties.socialContract(app.db, spec, requireActor(request.ctx), request.params.id),
        'contrato_social',
      ),
  );
  app.get(
    `${base}/:id`,
    { config: view, schema: { tags, params: idParam, response: { 200: partyRecordSchema, ...partyErrors } } },
    async (request) => parties.getParty(app.db, spec, requireActor(request.ctx), request.params.id),
  );
  app.post(
    base,
    {
      config: manage,
      schema: {
        tags,
        description: formDoc,
        ...partyForm,
        response: { 201: partyRecordSchema, ...partyErrors },
      },
    },
    async (request, reply) => {
      const form = await readPartyForm(request);
      const party = await withUploads(app.files, form, ({ fields, files }) =>
        parties.createParty(
          app.db,
          app.files,
          request.ctx,
          spec,
          requireActor(request.ctx),
          parseInput(partyRecordInputSchema, fields),
          files.social_contract,
        ),
      );
      return reply.status(201).send(party);
    },
  );
  app.post(
    `${base}/:id`,
    {
      config: manage,
      schema: {
        tags,
        description: formDoc,
        ...partyForm,
        params: idParam,
        response: { 200: partyRecordSchema, ...partyErrors },
      },
    },
    async (request) => {
      const form = await readPartyForm(request);
      return withUploads(app.files, form, ({ fields, files }) =>
        parties.updateParty(
          app.db,
          app.files,
          request.ctx,
          spec,
          requireActor(request.ctx),
          request.params.id,
          parseInput(partyRecordInputSchema, fields),
          files.social_contract,
        ),
      );
    },
  );
  app.delete(
    `${base}/:id`,
    {
      config: manage,
      schema: { tags, params: idParam, response: { 200: z.object({ message: z.string() }), ...partyErrors } },
    },
    async (request) =>
      parties.deleteParty(app.db, request.ctx, spec, requireActor(request.ctx), request.params.id),
  );
}
