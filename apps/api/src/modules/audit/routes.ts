import { messages } from '@origem/contract/messages.pt';
import { listOf } from '@origem/contract/paging';
import {
  auditFilterQuery,
  auditListQuery,
  auditOptionQuery,
  auditPageSchema,
} from '@origem/contract/schemas/audit';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor } from '../../lib/context';
import { auditCsv, filterOptions, listAudits } from './service';

const tags = ['Auditoria'];
const config = { permission: 'audit.view' } as const;
const option = z.object({ id: z.union([z.string(), z.number()]), name: z.string() });

export async function auditRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/v1/audit',
    { config, schema: { tags, querystring: auditListQuery, response: { 200: auditPageSchema } } },
    async (request) => listAudits(app.db, requireActor(request.ctx), request.query),
  );
  app.get(
    '/v1/audit/auditable_type',
    { config, schema: { tags, summary: 'Tipos de registro auditados', response: { 200: listOf(option) } } },
    async () => ({ data: filterOptions.auditableTypes() }),
  );
  app.get(
    '/v1/audit/event',
    { config, schema: { tags, summary: 'Eventos auditados', response: { 200: listOf(option) } } },
    async () => ({ data: filterOptions.events() }),
  );
  app.get(
    '/v1/audit/ip_address',
    {
      config,
      schema: {
        tags,
        summary: 'Endereços IP da trilha que começam com `search` (até 20)',
        querystring: auditOptionQuery,
        response: { 200: listOf(option) },
      },
    },
    async (request) => ({
      data: await filterOptions.ipAddresses(app.db, requireActor(request.ctx), request.query),
    }),
  );
  app.get(
    '/v1/audit/user',
    {
      config,
      schema: {
        tags,
        summary: 'Usuários do escopo cujo nome ou e-mail contém `search` (até 20), ou o usuário `id`',
        querystring: auditOptionQuery,
        response: { 200: listOf(z.object({ id: z.number(), name: z.string(), email: z.string() })) },
      },
    },
    async (request) => ({
      data: await filterOptions.users(app.db, requireActor(request.ctx), request.query),
    }),
  );
  app.get(
    '/v1/audit/auditable',
    {
      config,
      schema: {
        tags,
        querystring: z.object({
          auditable_type: z
            .string({ error: messages.field.required })
            .trim()
            .min(1, messages.field.required)
            .max(60, messages.field.tooLong(60)),
        }),
        response: { 200: listOf(option) },
      },
    },
    async (request) => ({
      data: await filterOptions.records(app.db, requireActor(request.ctx), request.query.auditable_type),
    }),
  );
  app.get(
    '/v1/audit/export_csv',
    {
      config,
      schema: {
        tags,
        summary: 'Exporta a auditoria filtrada (CSV, streaming)',
        querystring: auditFilterQuery,
      },
    },
    async (request, reply) => {
      const stream = await auditCsv(app.db, requireActor(request.ctx), request.query);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="audit.csv"')
        .send(stream);
    },
  );
}
