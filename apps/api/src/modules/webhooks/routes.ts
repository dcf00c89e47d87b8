import { apiErrorSchema } from '@origem/contract/errors';
import { idParam } from '@origem/contract/schemas/fields';
import {
  webhookCreatedSchema,
  webhookDeliveryPageSchema,
  webhookDeliveryQuery,
  webhookInputSchema,
  webhookListSchema,
  webhookSchema,
  webhookUpdateSchema,
} from '@origem/contract/schemas/webhooks';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor } from '../../lib/context';
import { afterCommit } from '../../lib/request-transaction';
import * as webhooks from './service';

const tags = ['Webhooks'];
const errors = { 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 422: apiErrorSchema };
// Who may: exporters, dispatchers and associations (the service checks the role type), each for its own records,
// whose events are about certificates, declarations and links it sees.
const config = { permission: 'certificate.view' } as const;
const message = z.object({ message: z.string() });
const BASE = '/v1/webhook';
const signatureDoc =
  'Cada entrega é um POST com o corpo JSON `{event, id, number, status, occurred_at}` e o cabeçalho ' +
  '`X-Origem-Signature: t=<unix>,v1=<hex>`, onde v1 = HMAC-SHA256(segredo, t + "." + corpo). Responda 2xx em até ' +
  '10 s; outras respostas são repetidas com espera crescente por 24 h, e então o webhook é desativado.';

/** Webhooks (issue 25): the owner's endpoints, their delivery log and the replay of a delivery. */
export async function webhookRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    BASE,
    {
      config,
      schema: {
        tags,
        summary: 'Os webhooks do exportador, despachante ou associação',
        response: { 200: webhookListSchema, ...errors },
      },
    },
    async (request) => webhooks.listEndpoints(app.db, requireActor(request.ctx)),
  );

  app.post(
    BASE,
    {
      config,
      schema: {
        tags,
        summary:
          'Cadastra um webhook (https, endereço público); o segredo de assinatura aparece só nesta resposta',
        description: signatureDoc,
        body: webhookInputSchema,
        response: { 201: webhookCreatedSchema, ...errors },
      },
    },
    async (request, reply) => {
      const created = await webhooks.createEndpoint(
        app.db,
        request.ctx,
        requireActor(request.ctx),
        app.config,
        request.body,
      );
      return reply.status(201).send(created);
    },
  );

  app.put(
    `${BASE}/:id`,
    {
      config,
      schema: {
        tags,
        summary: 'Altera o endereço, os eventos ou liga/desliga o webhook',
        params: idParam,
        body: webhookUpdateSchema,
        response: { 200: z.object({ webhook: webhookSchema, message: z.string() }), ...errors },
      },
    },
    async (request) =>
      webhooks.updateEndpoint(
        app.db,
        request.ctx,
        requireActor(request.ctx),
        app.config,
        request.params.id,
        request.body,
      ),
  );

  app.delete(
    `${BASE}/:id`,
    {
      config,
      schema: {
        tags,
        summary: 'Exclui o webhook e o seu registro de entregas',
        params: idParam,
        response: { 200: message, ...errors },
      },
    },
    async (request) =>
      webhooks.deleteEndpoint(app.db, request.ctx, requireActor(request.ctx), request.params.id),
  );

  app.get(
    `${BASE}/:id/delivery`,
    {
      config,
      schema: {
        tags,
        summary: 'Registro de entregas do webhook, das mais novas (situação, código de resposta, tentativas)',
        params: idParam,
        querystring: webhookDeliveryQuery,
        response: { 200: webhookDeliveryPageSchema, ...errors },
      },
    },
    async (request) =>
      webhooks.listDeliveries(app.db, requireActor(request.ctx), request.params.id, request.query),
  );

  app.post(
    `${BASE}/delivery/:id/replay`,
    {
      config,
      schema: {
        tags,
        summary: 'Reenvia uma entrega',
        params: idParam,
        response: { 200: message, ...errors },
      },
    },
    async (request) => {
      const answer = await webhooks.replayDelivery(
        app.db,
        request.ctx,
        requireActor(request.ctx),
        request.params.id,
      );
      void afterCommit(() => app.jobs.runDue());
      return answer;
    },
  );
}
