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
  originRuleInputSchema,
  originRuleListQuery,
  originRuleListSchema,
  originRulePageSchema,
  originRuleSchema,
} from '@origem/contract/schemas/deals';
import { idParam } from '@origem/contract/schemas/fields';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
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
  app.get(
    '/v1/deal/:id',
    {
      config: view,
      schema: { tags: dealTags, params: idParam, response: { 200: dealDetailSchema, ...errors } },
    },
    async (request) => service.getDeal(app.db, request.params.id),
  );
  app.post(
    '/v1/deal',
    {
      config: manage,
      schema: { tags: dealTags, body: dealInputSchema, response: { 201: dealDetailSchema, ...errors } },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createDeal(app.db, request.ctx, request.body)),
  );
  app.put(
    '/v1/deal/:id',
    {
      config: manage,
      schema: {
        tags: dealTags,
        params: idParam,
        body: dealInputSchema,
        response: { 200: dealDetailSchema, ...errors },
      },
    },
    async (request) => service.updateDeal(app.db, request.ctx, request.params.id, request.body),
  );
  app.delete(
    '/v1/deal/:id',
    {
      config: manage,
      schema: {
        tags: dealTags,
        summary: 'Exclui um acordo sem normas, regras, modelo de certificado nem taxas de associações',
        params: idParam,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => service.deleteDeal(app.db, request.ctx, request.params.id),
  );
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
  app.get(
    '/v1/origin_norm/:id',
    {
      config: view,
      schema: { tags: normTags, params: idParam, response: { 200: originNormSchema, ...errors } },
    },
    async (request) => service.getNorm(app.db, request.params.id),
  );
  app.post(
    '/v1/origin_norm',
    {
      config: manage,
      schema: { tags: normTags, body: originNormInputSchema, response: { 201: originNormSchema, ...errors } },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createNorm(app.db, request.ctx, request.body)),
  );
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
  app.put(
    '/v1/origin_norm/:id',
    {
      config: manage,
      schema: {
        tags: normTags,
        params: idParam,
        body: originNormInputSchema,
        response: { 200: originNormSchema, ...errors },
      },
    },
    async (request) => service.updateNorm(app.db, request.ctx, request.params.id, request.body),
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
  app.delete(
    '/v1/origin_norm/:id',
    {
      config: manage,
      schema: { tags: normTags, params: idParam, response: { 200: messageSchema, ...errors } },
    },
    async (request) => service.deleteNorm(app.db, request.ctx, request.params.id),
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
  app.get(
    '/v1/origin_rule/:id',
    {
      config: ruleView,
      schema: { tags: ruleTags, params: idParam, response: { 200: originRuleSchema, ...errors } },
    },
    async (request) => service.getRule(app.db, request.params.id),
  );
  app.post(
    '/v1/origin_rule',
    {
      config: ruleManage,
      schema: { tags: ruleTags, body: originRuleInputSchema, response: { 201: originRuleSchema, ...errors } },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createRule(app.db, request.ctx, request.body)),
  );
  app.put(
    '/v1/origin_rule/:id',
    {
      config: ruleManage,
      schema: {
        tags: ruleTags,
        params: idParam,
        body: originRuleInputSchema,
        response: { 200: originRuleSchema, ...errors },
      },
    },
    async (request) => service.updateRule(app.db, request.ctx, request.params.id, request.body),
  );
  app.delete(
    '/v1/origin_rule/:id',
    {
      config: ruleManage,
      schema: { tags: ruleTags, params: idParam, response: { 200: messageSchema, ...errors } },
    },
    async (request) => service.deleteRule(app.db, request.ctx, request.params.id),
  );
}
