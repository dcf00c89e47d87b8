import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { BASE_POLICY } from './content-security-policy';

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
 * The headers helmet 8 sends by default (nosniff, frame options, referrer policy…), without its CSP and HSTS, which
 * are ours. Fixed values: @fastify/helmet rebuilt its middleware on every request (issue 39); the security-headers
 * test holds this list to what helmet sends.
 */
export const HELMET_HEADERS: Readonly<Record<string, string>> = {
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

const FIXED = { 'content-security-policy': BASE_POLICY, ...HELMET_HEADERS };

/**
 * Every answer's headers, set in one hook when the request arrives, so that errors and 404s carry them too: the
 * base Content-Security-Policy (a page that needs a nonce — index.html, the API reference — or a stricter policy —
 * stored files: sandbox — sets its own over it), helmet's, the request id, and Strict-Transport-Security only on
 * answers that go out over TLS (directly or through a trusted proxy: `request.protocol` follows TRUST_PROXY). Sent
 * over plain HTTP it would be ignored at best, and an intranet install on HTTP must not be told to switch.
 */
export const securityHeadersPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(FIXED);
    reply.header('x-request-id', request.id);
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    done();
  });
});
