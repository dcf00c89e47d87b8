import { listOf } from '@origem/contract/paging';
import { dispatcherNotBoundQuery } from '@origem/contract/schemas/dispatchers';
import { exporterNotBoundQuery } from '@origem/contract/schemas/exporters';
import { partyOptionSchema } from '@origem/contract/schemas/party-records';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireActor } from '../../lib/context';
import { DISPATCHER, EXPORTER } from './kinds';
import { partyErrors, registerPartyRoutes } from './parties.routes';
import * as parties from './parties.service';

const exporterTags = ['Exportadores'];
const dispatcherTags = ['Despachantes'];

/**
 * SPEC §7 Exporter and Dispatcher (issue 4). The link and report calls (`/v1/exporter/dispatcher`, `/v1/report/…`)
 * come with their own issues.
 */
export async function partyRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  await registerPartyRoutes(app, {
    spec: EXPORTER,
    base: '/v1/exporter',
    tags: exporterTags,
    view: 'exporter.view',
    manage: 'exporter.manage',
  });
  await registerPartyRoutes(app, {
    spec: DISPATCHER,
    base: '/v1/dispatcher',
    tags: dispatcherTags,
    view: 'dispatcher.view',
    manage: 'dispatcher.manage',
  });

  app.get(
    '/v2/exporter/all_by_id_v2',
    {
      config: { permission: 'exporter.view' },
      schema: {
        tags: exporterTags,
        summary: 'Exportadores em nome dos quais o usuário pode agir',
        response: { 200: listOf(partyOptionSchema) },
      },
    },
    async (request) => parties.allParties(app.db, EXPORTER, requireActor(request.ctx)),
  );
  // The link-request screens: an exporter picks among dispatchers, a dispatcher among exporters.
  app.get(
    '/v1/exporter/all_not_bind',
    {
      config: { permission: ['exporter.manage', 'link.request'] },
      schema: {
        tags: exporterTags,
        summary: 'Despachantes sem vínculo ativo com o exportador',
        querystring: exporterNotBoundQuery,
        response: { 200: listOf(partyOptionSchema), ...partyErrors },
      },
    },
    async (request) =>
      parties.notBoundCounterparts(
        app.db,
        EXPORTER,
        requireActor(request.ctx),
        request.query.exporter_id,
        'exporter_id',
        request.query.name,
      ),
  );
  app.get(
    '/v1/dispatcher/all_not_bind',
    {
      config: { permission: ['dispatcher.manage', 'link.request'] },
      schema: {
        tags: dispatcherTags,
        summary: 'Exportadores sem vínculo ativo com o despachante',
        querystring: dispatcherNotBoundQuery,
        response: { 200: listOf(partyOptionSchema), ...partyErrors },
      },
    },
    async (request) =>
      parties.notBoundCounterparts(
        app.db,
        DISPATCHER,
        requireActor(request.ctx),
        request.query.dispatcher_id,
        'dispatcher_id',
        request.query.name,
      ),
  );
}
