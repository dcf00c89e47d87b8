import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** A client's request id is kept (for tracing across services) only when it is a short, plain token. */
const CLIENT_REQUEST_ID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * Fastify's `genReqId`: the caller's `X-Request-Id` when it is a short id of letters, digits, `_` and `-`;
 * otherwise a fresh UUID, so nobody can push arbitrary text into our logs and answers.
 */
export function requestIdFor(request: IncomingMessage): string {
  const sent = request.headers['x-request-id'];
  return typeof sent === 'string' && CLIENT_REQUEST_ID.test(sent) ? sent : randomUUID();
}

// What helmet would send, a year with subdomains, but only where it means something.
const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * The request id on every answer, and Strict-Transport-Security only on answers that went out over TLS (directly
 * or through a trusted proxy: `request.protocol` follows TRUST_PROXY). Sent over plain HTTP it would be ignored
 * at best, and an intranet install on HTTP must not be told to switch.
 */
export const securityHeadersPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
  });
});
