import { Readable } from 'node:stream';
import { apiErrorSchema } from '@origem/contract/errors';
import { listOf } from '@origem/contract/paging';
import { auditFilterQuery } from '@origem/contract/schemas/audit';
import {
  associationInvoiceQuery,
  billingSummaryListSchema,
  customReportInput,
  customReportSchema,
  federationInvoiceBody,
  federationReportQuery,
  fieldReportQuery,
  payerInvoiceQuery,
  payerReportQuery,
  prereceiptListQuery,
  prereceiptPageSchema,
  type ReportPeriod,
  reportOptionSchema,
  tradeAssociationReportQuery,
} from '@origem/contract/schemas/reports';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { type Actor, requireActor } from '../../lib/context';
import type { SummaryKind } from './billing-queries';
import * as custom from './custom-report-service';
import { performanceCsv } from './performance';
import * as reports from './service';

const tags = ['Relatórios'];
const config = { permission: 'report.billing' } as const;
const errors = { 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 422: apiErrorSchema };
const summary = { 200: billingSummaryListSchema, ...errors };
const fileDoc =
  '`type` = pdf (padrão) | xlsx | csv (UTF-8 com BOM, separado por `;`). Cada certificado emitido no período ' +
  '(dia de Brasília) é faturado pela tarifa da associação emissora para o acordo: a de associado quando quem paga ' +
  '(o despachante que o pediu, senão o exportador) é associado.';

function sendReport(reply: FastifyReply, file: reports.ReportFile) {
  // Streamed: chunked, its length known only at its end.
  return reply
    .header('content-type', file.contentType)
    .header(
      'content-disposition',
      `attachment; filename="${file.fileName}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
    )
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff')
    .send(file.body);
}

/** SPEC §7 "Reports": billing summaries and their files (DOMAIN.md §9). */
export async function reportRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  /** A summary list behind a report screen's picker. */
  const summaryRoute = (
    path: string,
    text: string,
    querystring: z.ZodType<ReportPeriod & { name?: string; abbreviation?: string }>,
    kind: SummaryKind,
  ) =>
    app.get(
      path,
      { config, schema: { tags, summary: text, querystring, response: summary } },
      async (request) => reports.summary(app.db, requireActor(request.ctx), kind, request.query),
    );
  summaryRoute(
    '/v1/report/federation',
    'Faturamento por federação no período',
    federationReportQuery,
    'federation',
  );
  summaryRoute(
    '/v1/report/trade_association',
    'Faturamento por associação no período (escopo do usuário atual)',
    tradeAssociationReportQuery,
    'association',
  );
  summaryRoute(
    '/v1/report/dispatcher',
    'Faturamento por despachante no período',
    payerReportQuery,
    'dispatcher',
  );
  summaryRoute(
    '/v1/report/exporter',
    'Faturamento por exportador (o que ele mesmo paga) no período',
    payerReportQuery,
    'exporter',
  );

  /** A report's file, in the `type` the query asks for. */
  const invoiceRoute = <Q>(
    path: string,
    text: string,
    querystring: z.ZodType<Q>,
    make: (db: Database, actor: Actor, query: Q) => Promise<reports.ReportFile>,
  ) =>
    app.get(
      path,
      { config, schema: { tags, summary: text, description: fileDoc, querystring, response: errors } },
      // The type provider cannot resolve a generic query's type; the schema has validated it as `Q`.
      async (request, reply) =>
        sendReport(reply, await make(app.db, requireActor(request.ctx), request.query as Q)),
    );
  invoiceRoute(
    '/v1/report/trade_association/invoice',
    'Relatório de faturamento da associação `ca_id`',
    associationInvoiceQuery,
    reports.associationInvoice,
  );
  invoiceRoute(
    '/v1/report/exporter/invoice',
    'Relatório de faturamento do exportador `id` (o usuário exportador recebe o seu)',
    payerInvoiceQuery,
    (db, actor, query) => reports.payerInvoice(db, actor, 'exporter', query),
  );
  invoiceRoute(
    '/v1/report/dispatcher/invoice',
    'Relatório de faturamento do despachante `id` (o usuário despachante recebe o seu)',
    payerInvoiceQuery,
    (db, actor, query) => reports.payerInvoice(db, actor, 'dispatcher', query),
  );
  app.post(
    '/v1/report/federation/invoice',
    {
      // A POST only for its settings body: it reads, so it writes no audit row (the audit guard would flag it).
      config: { ...config, audit: false },
      schema: {
        tags,
        summary: 'Relatório de faturamento da federação `id`',
        description: `${fileDoc} Padrões: role_type DEFAULT, template_report_id 1, grouping_report_id 2.`,
        body: federationInvoiceBody,
        response: errors,
      },
    },
    async (request, reply) =>
      sendReport(reply, await reports.federationInvoice(app.db, requireActor(request.ctx), request.body)),
  );

  app.get(
    '/v1/audit/export_performance_csv',
    {
      config: { permission: 'audit.view' },
      schema: {
        tags: ['Auditoria'],
        summary: 'Desempenho dos analistas por mês (CSV, streaming)',
        description:
          'Por analista e mês da decisão: declarações e certificados analisados (aprovados ou reprovados) e a ' +
          'mediana do tempo entre o envio para análise e a decisão, em horas. Filtros: start_date, end_date ' +
          '(dias de Brasília) e user_id.',
        querystring: auditFilterQuery.pick({ start_date: true, end_date: true, user_id: true }),
      },
    },
    async (request, reply) => {
      const stream = Readable.from(performanceCsv(app.db, requireActor(request.ctx), request.query));
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="performance_audit.csv"')
        .send(stream);
    },
  );

  // SPEC §7 "Custom reports".
  const customTags = ['Relatórios personalizados'];
  const customConfig = { permission: 'report.custom' } as const;
  app.get(
    '/v2/custom_report',
    {
      config: customConfig,
      schema: {
        tags: customTags,
        summary: 'Relatórios personalizados salvos',
        response: { 200: listOf(customReportSchema), ...errors },
      },
    },
    async () => ({ data: await custom.listCustomReports(app.db) }),
  );
  app.post(
    '/v2/custom_report',
    {
      config: customConfig,
      schema: {
        tags: customTags,
        summary: 'Salva um relatório personalizado (colunas e agrupamento)',
        body: customReportInput,
        response: { 201: customReportSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await custom.createCustomReport(app.db, request.ctx, request.body)),
  );
  app.get(
    '/v2/grouping_report',
    {
      config: customConfig,
      schema: {
        tags: customTags,
        summary: 'Agrupamentos de relatório',
        response: { 200: listOf(reportOptionSchema), ...errors },
      },
    },
    async () => ({ data: custom.groupingOptions() }),
  );
  app.get(
    '/v2/field_report',
    {
      config: customConfig,
      schema: {
        tags: customTags,
        summary: 'Colunas disponíveis para o modelo, tipo de perfil e agrupamento',
        querystring: fieldReportQuery,
        response: { 200: listOf(reportOptionSchema), ...errors },
      },
    },
    async (request) => ({ data: custom.fieldOptions(request.query) }),
  );
  app.get(
    '/v1/report/prereceipt',
    {
      config,
      schema: {
        tags,
        summary: 'Certificados faturados no período (tela Pré-recibo), com a tarifa de cada um',
        description:
          'O pré-recibo de cada certificado é GET /v1/certificate/prereceipt/{id}. Exportador e despachante veem o ' +
          'que eles pagam; a hierarquia, o que as suas associações faturam.',
        querystring: prereceiptListQuery,
        response: { 200: prereceiptPageSchema, ...errors },
      },
    },
    async (request) => reports.prereceiptLines(app.db, requireActor(request.ctx), request.query),
  );
}
