import { apiErrorSchema } from '@origem/contract/errors';
import { listOf } from '@origem/contract/paging';
import {
  dispatcherLinkAnswerSchema,
  dispatcherLinkDetailSchema,
  dispatcherLinkListQuery,
  dispatcherLinkNoteSchema,
  dispatcherLinkPageSchema,
  dispatcherLinkSideQuery,
  exporterDispatcherParams,
  linkedExporterSchema,
  linkedExportersQuery,
} from '@origem/contract/schemas/dispatcher-links';
import { idParam } from '@origem/contract/schemas/fields';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireActor } from '../../lib/context';
import * as links from './service';

const tags = ['Vínculos despachante-exportador'];
const errors = {
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  422: apiErrorSchema,
};
const view = { permission: 'link.view' } as const;
const request = { permission: 'link.request' } as const;
/** Deciding: a side of the link (link.request) or the association's staff (link.analyse); the service says which. */
const decide = { permission: ['link.request', 'link.analyse'] } as const;

/**
 * SPEC §7 "Dispatcher-exporter links" (every path as the spec names it), the link's detail for the analysis screen,
 * and GET /v1/exporter/dispatcher (the exporters of a dispatcher, for its reports).
 */
export async function dispatcherLinkRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const answered = { 200: dispatcherLinkAnswerSchema, ...errors };

  /** Answers what `work` answers, then starts delivering its mail (the outbox) without making the answer wait. */
  const mailing = async <T>(work: Promise<T>): Promise<T> => {
    const done = await work;
    void app.mail.flush();
    return done;
  };

  // ---- lists ----
  const list = (
    path: string,
    side: 'combined' | 'exporter' | 'dispatcher',
    querystring: typeof dispatcherLinkListQuery | typeof dispatcherLinkSideQuery,
    summary: string,
    description?: string,
  ) =>
    app.get(
      path,
      {
        config: view,
        schema: { tags, summary, description, querystring, response: { 200: dispatcherLinkPageSchema } },
      },
      async (req) => links.listLinks(app.db, requireActor(req.ctx), req.query, side),
    );
  list(
    '/v1/dispatcher_exporter_link',
    'combined',
    dispatcherLinkListQuery,
    'Vínculos (lista combinada), por nome do exportador e depois do despachante',
    '`cpf`/`cnpj` acham qualquer um dos lados; `dispatcher_exporter_link_flow_id` é o código da situação, como `status`. Sem filtro de situação, os excluídos ficam de fora.',
  );
  list(
    '/v1/exporter_dispatcher/link',
    'exporter',
    dispatcherLinkSideQuery,
    'Vínculos vistos pelo exportador (`cpf`/`cnpj` acham o despachante)',
  );
  list(
    '/v1/dispatcher_exporter/link',
    'dispatcher',
    dispatcherLinkSideQuery,
    'Vínculos vistos pelo despachante (`cpf`/`cnpj` acham o exportador)',
  );
  app.get(
    '/v1/dispatcher_exporter_link/:id',
    {
      config: view,
      schema: {
        tags,
        summary: 'Um vínculo, as ações que o usuário pode tomar agora e o histórico',
        params: idParam,
        response: { 200: dispatcherLinkDetailSchema, 404: apiErrorSchema },
      },
    },
    async (req) => links.getLink(app.db, requireActor(req.ctx), req.params.id),
  );

  // ---- requests ----
  const created = { 201: dispatcherLinkAnswerSchema, ...errors };
  const requestRoute = (path: string, summary: string, run: typeof links.requestAsExporter) =>
    app.post(
      path,
      { config: request, schema: { tags, summary, params: idParam, response: created } },
      async (req, reply) => {
        const answer = await mailing(run(app.db, req.ctx, requireActor(req.ctx), req.params.id));
        return reply.status(201).send(answer);
      },
    );
  requestRoute(
    '/v1/exporter_dispatcher/dispatcher/:id/link',
    'O exportador solicita vínculo com um despachante da sua associação (409: vínculo ativo)',
    links.requestAsExporter,
  );
  requestRoute(
    '/v1/dispatcher_exporter/exporter/:id/link',
    'O despachante solicita vínculo com um exportador da sua associação (409: vínculo ativo)',
    links.requestAsDispatcher,
  );
  app.post(
    '/v1/dispatcher_exporter/exporter/:exporterId/dispatcher/:dispatcherId/link',
    {
      config: decide,
      schema: {
        tags,
        summary: 'Solicita o vínculo de um par: um dos lados, para si, ou a associação, para os dois',
        params: exporterDispatcherParams,
        response: created,
      },
    },
    async (req, reply) => {
      const answer = await mailing(
        links.requestForPair(
          app.db,
          req.ctx,
          requireActor(req.ctx),
          req.params.exporterId,
          req.params.dispatcherId,
        ),
      );
      return reply.status(201).send(answer);
    },
  );

  // ---- decisions (an optional `note` goes to the history; the disapproval's is mailed as its reason) ----
  const decision = (suffix: string, action: 'approve' | 'disapprove' | 'analysis', summary: string) =>
    app.put(
      `/v1/dispatcher_exporter_link/:id/${suffix}`,
      {
        config: decide,
        schema: { tags, summary, params: idParam, body: dispatcherLinkNoteSchema, response: answered },
      },
      async (req) =>
        mailing(links.decide(app.db, req.ctx, requireActor(req.ctx), req.params.id, action, req.body?.note)),
    );
  decision(
    'approval',
    'approve',
    'Aprova: a outra parte ou a associação (o despachante passa a agir pelo exportador)',
  );
  decision('disapproval', 'disapprove', 'Reprova, com motivo opcional: a outra parte ou a associação');
  decision('analysis', 'analysis', 'Envia a solicitação para a análise da associação comercial');

  app.delete(
    '/v1/dispatcher_exporter_link/:id',
    {
      config: { permission: 'link.analyse' },
      schema: {
        tags,
        summary:
          'Associação ou administrador: apaga uma solicitação ainda não decidida, ou (administrador) confirma uma exclusão solicitada',
        params: idParam,
        response: answered,
      },
    },
    async (req) => links.deleteLink(app.db, req.ctx, requireActor(req.ctx), req.params.id),
  );

  // ---- each side's two-step deletion ----
  for (const [base, side] of [
    ['/v1/exporter_dispatcher/link', 'exporter'],
    ['/v1/dispatcher_exporter/link', 'dispatcher'],
  ] as const) {
    const who = side === 'exporter' ? 'O exportador' : 'O despachante';
    app.put(
      `${base}/:id/deletion`,
      {
        config: request,
        schema: {
          tags,
          summary: `${who} solicita a exclusão de um vínculo aprovado; a outra parte confirma`,
          params: idParam,
          response: answered,
        },
      },
      async (req) =>
        mailing(links.requestDeletion(app.db, req.ctx, requireActor(req.ctx), req.params.id, side)),
    );
    app.delete(
      `${base}/:id`,
      {
        config: request,
        schema: {
          tags,
          summary: `${who} confirma a exclusão pedida pela outra parte, ou apaga a própria solicitação`,
          params: idParam,
          response: answered,
        },
      },
      async (req) => links.deleteAsSide(app.db, req.ctx, requireActor(req.ctx), req.params.id, side),
    );
  }

  // ---- the dispatcher's exporters ----
  app.get(
    '/v1/exporter/dispatcher',
    {
      config: { permission: ['link.view', 'report.billing'] },
      schema: {
        tags,
        summary:
          'Exportadores com vínculo aprovado com um despachante em algum momento do período (um item por vínculo)',
        description:
          '`user_id`: o usuário do despachante (o próprio, para um despachante). `start_date`/`end_date` (AAAA-MM-DD, horário de Brasília): vínculos aprovados até o fim do período e não encerrados antes do início. `name`: parte do nome do exportador. Responde `{ data: [{ id, name, cpf, cnpj, trade_association_id, link_id, status, approved_at, ended_at }] }`, por nome, até 1000 itens.',
        querystring: linkedExportersQuery,
        response: { 200: listOf(linkedExporterSchema), ...errors },
      },
    },
    async (req) => links.linkedExportersOf(app.db, requireActor(req.ctx), req.query),
  );
}
