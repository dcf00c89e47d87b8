import { apiErrorSchema } from '@origem/contract/errors';
import {
  declarationLinkActionSchema,
  declarationLinkApprovalSchema,
  declarationLinkFlowListSchema,
  declarationLinkInputSchema,
  declarationLinkListQuery,
  declarationLinkPageSchema,
  exporterByTaxIdQuery,
  linkExporterSchema,
  linkManufacturerPageSchema,
  manufacturerDeclarationPageSchema,
  manufacturerDeclarationsQuery,
  manufacturerSearchQuery,
} from '@origem/contract/schemas/declaration-links';
import { idParam } from '@origem/contract/schemas/fields';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireActor } from '../../lib/context';
import * as links from './service';

const tags = ['Vínculos de declaração'];
const errors = { 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 422: apiErrorSchema };
const view = { permission: 'declaration_link.view' } as const;
const manage = { permission: 'declaration_link.manage' } as const;
const BASE = '/v2/declaration_link';

/** SPEC §7 "Declaration links": exporters citing manufacturers' approved declarations (DOMAIN.md §6). */
export async function declarationLinkRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    BASE,
    {
      config: view,
      schema: {
        tags,
        summary: 'Vínculos de declaração (10 por página; os reprovados primeiro, depois os mais novos)',
        querystring: declarationLinkListQuery,
        response: { 200: declarationLinkPageSchema },
      },
    },
    async (request) => links.listLinks(app.db, requireActor(request.ctx), request.query),
  );

  app.get(
    `${BASE}/declaration_link_flow`,
    {
      config: view,
      schema: {
        tags,
        summary: 'As situações do vínculo de declaração ({ id: código, name: rótulo })',
        response: { 200: declarationLinkFlowListSchema },
      },
    },
    async () => links.linkFlowStates(),
  );

  app.get(
    `${BASE}/exporter`,
    {
      config: manage,
      schema: {
        tags,
        summary: "Encontra um exportador pelo CPF ou CNPJ (404 'Exportador não encontrado')",
        querystring: exporterByTaxIdQuery,
        response: { 200: linkExporterSchema, ...errors },
      },
    },
    async (request) => links.exporterByTaxId(app.db, requireActor(request.ctx), request.query),
  );

  app.get(
    `${BASE}/manufacturer`,
    {
      config: manage,
      schema: {
        tags,
        summary:
          'Fabricantes com declarações aprovadas e válidas a que se pode pedir vínculo (busca por nome, CNPJ ou CPF; 20 por página)',
        querystring: manufacturerSearchQuery,
        response: { 200: linkManufacturerPageSchema },
      },
    },
    async (request) => links.searchManufacturers(app.db, requireActor(request.ctx), request.query),
  );

  app.get(
    `${BASE}/manufacturer/:id/declarations`,
    {
      config: manage,
      schema: {
        tags,
        summary:
          'As declarações aprovadas e válidas de um fabricante, com o vínculo do exportador a cada uma (20 por página)',
        params: idParam,
        querystring: manufacturerDeclarationsQuery,
        response: { 200: manufacturerDeclarationPageSchema, ...errors },
      },
    },
    async (request) =>
      links.manufacturerDeclarations(app.db, requireActor(request.ctx), request.params.id, request.query),
  );

  app.post(
    `${BASE}/exporter`,
    {
      config: manage,
      schema: {
        tags,
        summary:
          'Cria um vínculo PENDENTE entre uma declaração aprovada e um exportador: o exportador pede, ou o fabricante (ou a associação) oferece',
        body: declarationLinkInputSchema,
        response: { 201: declarationLinkActionSchema, ...errors },
      },
    },
    async (request, reply) => {
      const created = await links.createLink(app.db, request.ctx, requireActor(request.ctx), request.body);
      return reply.status(201).send(created);
    },
  );

  app.post(
    `${BASE}/approve/:id`,
    {
      config: manage,
      schema: {
        tags,
        summary:
          'Aprova o vínculo (o outro lado ou a associação; nunca quem pediu); `id` da resposta é o da declaração',
        params: idParam,
        response: { 200: declarationLinkApprovalSchema, ...errors },
      },
    },
    async (request) => links.approveLink(app.db, request.ctx, requireActor(request.ctx), request.params.id),
  );

  app.delete(
    `${BASE}/:id`,
    {
      config: manage,
      schema: {
        tags,
        summary: 'Marca o vínculo como REPROVADO (não o remove; ele passa ao topo da lista)',
        params: idParam,
        response: { 200: declarationLinkActionSchema, ...errors },
      },
    },
    async (request) => links.reproveLink(app.db, request.ctx, requireActor(request.ctx), request.params.id),
  );
}
