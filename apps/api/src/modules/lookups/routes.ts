import { apiErrorSchema } from '@origem/contract/errors';
import { optionalText, pageQuery } from '@origem/contract/paging';
import { idParam } from '@origem/contract/schemas/fields';
import {
  LOOKUP_KEYS,
  LOOKUPS,
  type LookupDefinition,
  lookupInputSchema,
  lookupListSchema,
  lookupPageSchema,
  lookupRowSchema,
} from '@origem/contract/schemas/lookups';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LOOKUP_TABLES } from './registry';
import * as lookups from './service';

const errors = {
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  422: apiErrorSchema,
};
const view = { permission: 'reference_data.view' } as const;
const manage = { permission: 'reference_data.manage' } as const;

/** The same six routes for every lookup table of the contract (read-only ones get the three reads). */
export async function lookupRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  for (const key of LOOKUP_KEYS) {
    const def: LookupDefinition = LOOKUPS[key];
    const lookup = { def, table: LOOKUP_TABLES[key] };
    const tags = [def.title];
    const row = lookupRowSchema(def);
    const input = lookupInputSchema(def);

    app.get(
      `${def.path}/all`,
      {
        config: view,
        schema: {
          tags,
          summary: `${def.title}: todos, para seleção`,
          response: { 200: lookupListSchema(def) },
        },
      },
      async () => lookups.all(app.db, lookup),
    );
    app.get(
      def.path,
      {
        config: view,
        schema: {
          tags,
          querystring: pageQuery.extend({ q: optionalText }),
          response: { 200: lookupPageSchema(def) },
        },
      },
      async (request) => lookups.list(app.db, lookup, request.query, request.query.q),
    );
    app.get(
      `${def.path}/:id`,
      { config: view, schema: { tags, params: idParam, response: { 200: row, ...errors } } },
      async (request) => lookups.get(app.db, lookup, request.params.id),
    );
    if (def.readOnly) continue;
    app.post(
      def.path,
      { config: manage, schema: { tags, body: input, response: { 201: row, ...errors } } },
      async (request, reply) =>
        reply.status(201).send(await lookups.create(app.db, request.ctx, lookup, request.body)),
    );
    app.put(
      `${def.path}/:id`,
      { config: manage, schema: { tags, params: idParam, body: input, response: { 200: row, ...errors } } },
      async (request) => lookups.update(app.db, request.ctx, lookup, request.params.id, request.body),
    );
    app.delete(
      `${def.path}/:id`,
      {
        config: manage,
        schema: { tags, params: idParam, response: { 200: z.object({ message: z.string() }), ...errors } },
      },
      async (request) => lookups.remove(app.db, request.ctx, lookup, request.params.id),
    );
  }

  const units = { def: LOOKUPS.measurement_unit as LookupDefinition, table: LOOKUP_TABLES.measurement_unit };
  app.get(
    '/v1/measurement_unit/all_order',
    {
      config: view,
      schema: {
        tags: [units.def.title],
        summary: 'Unidades ordenadas pela sigla',
        response: { 200: lookupListSchema(units.def) },
      },
    },
    async () => lookups.all(app.db, units, 'code'),
  );
}
