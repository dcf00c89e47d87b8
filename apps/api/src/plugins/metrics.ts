import { timingSafeEqual } from 'node:crypto';
import { ErrorCode } from '@origem/contract/errors';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Pool } from 'pg';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { queryRows } from '../db/client';
import { awaitingTimestamp } from '../modules/signatures/timestamp-job';

/** The unmatched requests (404s of any path) share one label, so a scanner cannot grow the series without bound. */
const UNMATCHED = 'unmatched';

function sameToken(sent: string, expected: string): boolean {
  const a = Buffer.from(sent);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * `GET /metrics` in Prometheus' text format, only when METRICS_TOKEN is set (otherwise the route does not exist:
 * 404) and only for `Authorization: Bearer <METRICS_TOKEN>`. Requests by route pattern and status (count and
 * duration), the database pool, the jobs queue and the mail outbox (read from the database, so every instance
 * reports the shared queue), and the process' own metrics, event-loop lag included.
 */
export const metricsPlugin = fp(async (app: FastifyInstance, { pool }: { pool?: Pool }) => {
  const token = app.config.metricsToken;
  if (!token) return;
  const register = new Registry();
  collectDefaultMetrics({ register, eventLoopMonitoringPrecision: 20 });

  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({
    name: 'origem_http_requests_total',
    help: 'Requisições atendidas, por método, rota (padrão) e status',
    labelNames,
    registers: [register],
  });
  const duration = new Histogram({
    name: 'origem_http_request_duration_seconds',
    help: 'Duração das requisições, por método, rota (padrão) e status',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [register],
  });
  app.addHook('onResponse', async (request, reply) => {
    const labels = {
      method: request.method,
      route: request.routeOptions.url ?? UNMATCHED,
      status: String(reply.statusCode),
    };
    requests.inc(labels);
    duration.observe(labels, reply.elapsedTime / 1000);
  });

  if (pool) {
    new Gauge({
      name: 'origem_db_pool_connections',
      help: 'Conexões do pool com o PostgreSQL: total, ociosas e clientes esperando uma',
      labelNames: ['state'],
      registers: [register],
      collect() {
        this.set({ state: 'total' }, pool.totalCount);
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'waiting' }, pool.waitingCount);
      },
    });
  }
  new Gauge({
    name: 'origem_jobs',
    help: 'Tarefas em segundo plano por tipo e situação (PENDENTE = fila; FALHOU = falhas definitivas)',
    labelNames: ['kind', 'status'],
    registers: [register],
    async collect() {
      this.reset();
      const rows = await queryRows<{ kind: string; status: string; n: number }>(
        app.db,
        sql`select kind, status, count(*)::int as n from jobs where status <> 'CONCLUIDO' group by kind, status`,
      );
      for (const row of rows) this.set({ kind: row.kind, status: row.status }, row.n);
    },
  });
  new Gauge({
    name: 'origem_mail_outbox',
    help: 'E-mails na fila de saída por situação',
    labelNames: ['status'],
    registers: [register],
    async collect() {
      this.reset();
      const rows = await queryRows<{ status: string; n: number }>(
        app.db,
        sql`select status, count(*)::int as n from mail_outbox where status <> 'ENVIADO' group by status`,
      );
      for (const row of rows) this.set({ status: row.status }, row.n);
    },
  });

  new Gauge({
    name: 'origem_evidence_awaiting_timestamp',
    help: 'Documentos assinados aguardando o carimbo do tempo (a autoridade de carimbo do tempo não respondeu)',
    registers: [register],
    async collect() {
      this.set((await awaitingTimestamp(app.db)).count);
    },
  });
  new Gauge({
    name: 'origem_evidence_awaiting_timestamp_oldest_seconds',
    help: 'Há quanto tempo o documento mais antigo aguarda o carimbo do tempo (0: nenhum aguarda)',
    registers: [register],
    async collect() {
      this.set((await awaitingTimestamp(app.db)).oldestSeconds);
    },
  });

  app.get('/metrics', { config: { public: true }, schema: { hide: true } }, async (request, reply) => {
    const header = request.headers.authorization ?? '';
    const sent = header.startsWith('Bearer ') ? header.slice(7) : '';
    if (!sameToken(sent, token)) {
      return reply
        .status(401)
        .header('www-authenticate', 'Bearer')
        .send({ code: ErrorCode.Unauthenticated, message: 'Informe o token de métricas.' });
    }
    return reply.type(register.contentType).send(await register.metrics());
  });
  app.addHook('onClose', async () => register.clear());
});
