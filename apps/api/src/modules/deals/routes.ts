import type { IncomingMessage, ServerResponse } from 'node:http';
import { apiErrorSchema } from '@origem/contract/errors';
import { messages } from '@origem/contract/messages.pt';
import {
  dealDetailSchema,
  dealInputSchema,
  dealListQuery,
  dealNormsInputSchema,
  dealOptionListSchema,
  dealPageSchema,
  messageSchema,
  originNormDeleteQuery,
  originNormInputSchema,
  originNormListQuery,
  originNormListSchema,
  originNormPageSchema,
  originNormSchema,
  originNormUpdateSchema,
  originRuleAllQuery,
  originRuleHistorySchema,
  originRuleInputSchema,
  originRuleListQuery,
  originRuleListSchema,
  originRulePageSchema,
  originRuleSchema,
  originRuleVersionInputSchema,
} from '@origem/contract/schemas/deals';
import { idParam } from '@origem/contract/schemas/fields';
import type { FastifyBaseLogger, FastifyContextConfig, FastifyInstance, RawServerDefault } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { ServiceContext } from '../../lib/context';
import { fieldError } from '../../lib/errors';
import * as service from './service';

const errors = {
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  422: apiErrorSchema,
};
const view = { permission: 'reference_data.view' } as const;
const manage = { permission: 'reference_data.manage' } as const;
// SPEC §6: origin rules are for admin and analista only, reads included.
const ruleView = { permission: 'origin_rule.view' } as const;
const ruleManage = { permission: 'origin_rule.manage' } as const;

const dealTags = ['Acordos'];
const normTags = ['Normas de origem'];
const ruleTags = ['Regras de origem'];

/** Deals, origin norms and origin rules (SPEC §7). */
export async function dealRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  // ------------------------------------------------------------ deals
  app.get(
    '/v1/deal',
    {
      config: view,
      schema: {
        tags: dealTags,
        summary: 'Acordos, paginados, em ordem de sigla',
        querystring: dealListQuery,
        response: { 200: dealPageSchema },
      },
    },
    async (request) => service.listDeals(app.db, request.query),
  );
  app.get(
    '/v1/deal/all',
    {
      config: view,
      schema: {
        tags: dealTags,
        summary: 'Todos os acordos, para seleção',
        response: { 200: dealOptionListSchema },
      },
    },
    async () => service.allDeals(app.db),
  );
  app.get(
    '/v1/deal_signature',
    {
      config: view,
      schema: {
        tags: dealTags,
        summary: 'Acordos ativos que aceitam certificado digital (COD)',
        response: { 200: dealOptionListSchema },
      },
    },
    async () => service.signatureDeals(app.db),
  );
  recordRoutes(app, {
    path: '/v1/deal',
    tags: dealTags,
    read: view,
    write: manage,
    record: dealDetailSchema,
    input: dealInputSchema,
    get: (id) => service.getDeal(app.db, id),
    create: (ctx, input) => service.createDeal(app.db, ctx, input),
    update: (ctx, id, input) => service.updateDeal(app.db, ctx, id, input),
    remove: (ctx, id) => service.deleteDeal(app.db, ctx, id),
    deleteSummary: 'Exclui um acordo sem normas, regras, modelo de certificado nem taxas de associações',
  });
  app.post(
    '/v1/deal/origin_norms',
    {
      config: manage,
      schema: {
        tags: dealTags,
        summary: 'Substitui o conjunto de normas de origem do acordo (cria, altera e exclui)',
        body: dealNormsInputSchema,
        response: { 200: originNormListSchema, ...errors },
      },
    },
    async (request) => service.saveDealNorms(app.db, request.ctx, request.body),
  );

  // ------------------------------------------------------------ origin norms
  app.get(
    '/v1/origin_norm',
    {
      config: view,
      schema: { tags: normTags, querystring: originNormListQuery, response: { 200: originNormPageSchema } },
    },
    async (request) => service.listNorms(app.db, request.query),
  );
  app.get(
    '/v1/origin_norm/get-norms-by-deal-id/:id',
    {
      config: view,
      schema: { tags: normTags, params: idParam, response: { 200: originNormListSchema, ...errors } },
    },
    async (request) => service.normsByDeal(app.db, request.params.id),
  );
  recordRoutes(app, {
    path: '/v1/origin_norm',
    tags: normTags,
    read: view,
    write: manage,
    record: originNormSchema,
    input: originNormInputSchema,
    get: (id) => service.getNorm(app.db, id),
    create: (ctx, input) => service.createNorm(app.db, ctx, input),
    update: (ctx, id, input) => service.updateNorm(app.db, ctx, id, input),
    remove: (ctx, id) => service.deleteNorm(app.db, ctx, id),
  });
  app.put(
    '/v1/origin_norm/update-norm',
    {
      config: manage,
      schema: {
        tags: normTags,
        summary: 'Altera uma norma (id no corpo)',
        body: originNormUpdateSchema,
        response: { 200: originNormSchema, ...errors },
      },
    },
    async (request) => {
      const { id, ...input } = request.body;
      return service.updateNorm(app.db, request.ctx, id, input);
    },
  );
  app.delete(
    '/v1/origin_norm/delete-norm',
    {
      config: manage,
      schema: {
        tags: normTags,
        summary: 'Exclui uma norma (id no corpo ou na query string)',
        querystring: originNormDeleteQuery,
        body: originNormDeleteQuery.nullish(),
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => {
      const id = request.body?.id ?? request.query.id;
      if (!id) throw fieldError('id', messages.field.required);
      return service.deleteNorm(app.db, request.ctx, id);
    },
  );

  // ------------------------------------------------------------ origin rules
  app.get(
    '/v1/origin_rule',
    {
      config: ruleView,
      schema: { tags: ruleTags, querystring: originRuleListQuery, response: { 200: originRulePageSchema } },
    },
    async (request) => service.listRules(app.db, request.query),
  );
  app.get(
    '/v1/origin_rule/all',
    {
      config: ruleView,
      schema: { tags: ruleTags, querystring: originRuleAllQuery, response: { 200: originRuleListSchema } },
    },
    async (request) => service.allRules(app.db, request.query.deal_id),
  );
  app.post(
    '/v1/origin_rule/:id/version',
    {
      config: ruleManage,
      schema: {
        tags: ruleTags,
        summary: 'Nova vigência da regra: a atual termina na véspera de valid_from',
        params: idParam,
        body: originRuleVersionInputSchema,
        response: { 201: originRuleSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await service.newRuleVersion(app.db, request.ctx, request.params.id, request.body)),
  );
  app.get(
    '/v1/origin_rule/:id/history',
    {
      config: ruleView,
      schema: {
        tags: ruleTags,
        summary: 'As versões do código da regra e os certificados que citaram cada uma',
        params: idParam,
        response: { 200: originRuleHistorySchema, ...errors },
      },
    },
    async (request) => service.ruleHistory(app.db, request.ctx, request.params.id),
  );
  recordRoutes(app, {
    path: '/v1/origin_rule',
    tags: ruleTags,
    read: ruleView,
    write: ruleManage,
    record: originRuleSchema,
    input: originRuleInputSchema,
    get: (id) => service.getRule(app.db, id),
    create: (ctx, input) => service.createRule(app.db, ctx, input),
    update: (ctx, id, input) => service.updateRule(app.db, ctx, id, input),
    remove: (ctx, id) => service.deleteRule(app.db, ctx, id),
  });
}

type App = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse<IncomingMessage>,
  FastifyBaseLogger,
  ZodTypeProvider
>;
type Access = Pick<FastifyContextConfig, 'permission'>;

/**
 * GET, POST, PUT and DELETE of one kind of record (`path`, `path/:id`): the same shape for deals, origin norms and
 * origin rules, each with its own permissions, schemas and service calls.
 */
function recordRoutes<I extends z.ZodType>(
  app: App,
  r: {
    path: string;
    tags: string[];
    read: Access;
    write: Access;
    record: z.ZodType;
    input: I;
    get: (id: number) => Promise<unknown>;
    create: (ctx: ServiceContext, input: z.output<I>) => Promise<unknown>;
    update: (ctx: ServiceContext, id: number, input: z.output<I>) => Promise<unknown>;
    remove: (ctx: ServiceContext, id: number) => Promise<{ message: string }>;
    deleteSummary?: string;
  },
): void {
  const { tags } = r;
  app.get(
    `${r.path}/:id`,
    { config: r.read, schema: { tags, params: idParam, response: { 200: r.record, ...errors } } },
    async (request) => r.get(request.params.id),
  );
  app.post(
    r.path,
    { config: r.write, schema: { tags, body: r.input, response: { 201: r.record, ...errors } } },
    async (request, reply) =>
      reply.status(201).send(await r.create(request.ctx, request.body as z.output<I>)),
  );
  app.put(
    `${r.path}/:id`,
    {
      config: r.write,
      schema: { tags, params: idParam, body: r.input, response: { 200: r.record, ...errors } },
    },
    async (request) => r.update(request.ctx, request.params.id, request.body as z.output<I>),
  );
  app.delete(
    `${r.path}/:id`,
    {
      config: r.write,
      schema: {
        tags,
        ...(r.deleteSummary ? { summary: r.deleteSummary } : {}),
        params: idParam,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => r.remove(request.ctx, request.params.id),
  );
}
