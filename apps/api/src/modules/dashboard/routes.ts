import { apiErrorSchema } from '@origem/contract/errors';
import { listOf } from '@origem/contract/paging';
import {
  dashboardActivitySchema,
  dashboardCertificateSchema,
  dashboardDeclarationSchema,
  dashboardTotalSchema,
} from '@origem/contract/schemas/dashboard';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireActor } from '../../lib/context';
import { dashboard } from './service';

const tags = ['Painel'];
const config = { permission: 'dashboard.view' } as const;
const errors = { 401: apiErrorSchema, 403: apiErrorSchema };

/** SPEC §7 "Dashboard" (GET): six calls, each scoped to the caller (DOMAIN.md §2). */
export async function dashboardRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const certificates = { 200: listOf(dashboardCertificateSchema), ...errors };
  const declarations = { 200: listOf(dashboardDeclarationSchema), ...errors };

  app.get(
    '/v1/dashboard/total',
    {
      config,
      schema: {
        tags,
        summary: 'Totais por situação e certificados emitidos por mês e por acordo (12 meses)',
        response: { 200: dashboardTotalSchema, ...errors },
      },
    },
    async (request) => dashboard.total(app.db, requireActor(request.ctx)),
  );
  app.get(
    '/v1/dashboard/certificate/analyse',
    {
      config,
      schema: {
        tags,
        summary: 'Certificados aguardando análise (há mais tempo primeiro)',
        response: certificates,
      },
    },
    async (request) => ({ data: await dashboard.certificates(app.db, requireActor(request.ctx), 'analyse') }),
  );
  app.get(
    '/v1/dashboard/certificate/update',
    { config, schema: { tags, summary: 'Certificados atualizados recentemente', response: certificates } },
    async (request) => ({ data: await dashboard.certificates(app.db, requireActor(request.ctx), 'update') }),
  );
  app.get(
    '/v1/dashboard/declaration/analyse',
    {
      config,
      schema: {
        tags,
        summary: 'Declarações aguardando análise (há mais tempo primeiro)',
        response: declarations,
      },
    },
    async (request) => ({ data: await dashboard.declarations(app.db, requireActor(request.ctx), 'analyse') }),
  );
  app.get(
    '/v1/dashboard/declaration/update',
    { config, schema: { tags, summary: 'Declarações atualizadas recentemente', response: declarations } },
    async (request) => ({ data: await dashboard.declarations(app.db, requireActor(request.ctx), 'update') }),
  );
  app.get(
    '/v1/dashboard/recent_activity',
    {
      config,
      schema: {
        tags,
        summary: 'Atividade recente: a trilha do escopo (com auditoria) ou as próprias ações',
        response: { 200: listOf(dashboardActivitySchema), ...errors },
      },
    },
    async (request) => ({ data: await dashboard.recentActivity(app.db, requireActor(request.ctx)) }),
  );
}
