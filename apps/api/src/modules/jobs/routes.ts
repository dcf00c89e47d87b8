import { apiErrorSchema } from '@origem/contract/errors';
import { idParam } from '@origem/contract/schemas/fields';
import { jobListQuery, jobPageSchema } from '@origem/contract/schemas/jobs';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { afterCommit } from '../../lib/request-transaction';
import * as jobs from './service';

const tags = ['Tarefas em segundo plano'];
const config = { permission: 'system.jobs' } as const;

/** The administrator's view of the background worker (ADR 004): failures kept, and a retry. */
export async function jobRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/v1/job',
    {
      config,
      schema: {
        tags,
        summary: 'Tarefas em segundo plano, das mais novas (filtros: status, kind)',
        querystring: jobListQuery,
        response: { 200: jobPageSchema },
      },
    },
    async (request) => jobs.listJobs(app.db, request.query),
  );
  app.post(
    '/v1/job/:id/retry',
    {
      config,
      schema: {
        tags,
        summary: 'Reenfileira uma tarefa que falhou',
        params: idParam,
        response: { 200: z.object({ message: z.string() }), 404: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (request) => {
      const answer = await jobs.retryJob(app.db, request.ctx, request.params.id);
      void afterCommit(() => app.jobs.runDue());
      return answer;
    },
  );
}
