import { SpecialStatus } from '@origem/contract/errors';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { REPLAYED_HEADER } from './idempotency';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
// 2xx statuses that mean "refused" in this API (SPEC §5, §8): nothing changed, so nothing to audit.
const REFUSALS = new Set<number>([
  SpecialStatus.WrongCurrentPassword,
  SpecialStatus.LinkedCertificate,
  SpecialStatus.AlreadyRegistered,
  SpecialStatus.UnderRegistrationAnalysis,
  SpecialStatus.ApprovalRefused,
]);

/**
 * A successful mutation that wrote no audit row is a bug: it is logged as an error (and counted, so the
 * integration tests can assert the number stays zero).
 */
export const auditGuardPlugin = fp(async (app: FastifyInstance) => {
  const missing: string[] = [];
  app.decorate('unauditedMutations', missing);
  app.addHook('onResponse', async (request, reply) => {
    if (!MUTATING.has(request.method) || reply.statusCode >= 300 || REFUSALS.has(reply.statusCode)) return;
    if (request.routeOptions.config.audit === false || request.ctx?.audited) return;
    // A replayed answer (Idempotency-Key) changed nothing this time.
    if (reply.getHeader(REPLAYED_HEADER)) return;
    const route = `${request.method} ${request.routeOptions.url ?? request.url}`;
    missing.push(route);
    request.log.error({ route }, 'mutation answered 2xx without an audit row');
  });
});

declare module 'fastify' {
  interface FastifyInstance {
    unauditedMutations: string[];
  }
}
