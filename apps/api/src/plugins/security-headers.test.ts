import helmet from '@fastify/helmet';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { BASE_POLICY } from './content-security-policy';
import { HELMET_HEADERS, requestIdFor, securityHeadersPlugin } from './security-headers';

const NOT_SECURITY = new Set(['content-type', 'content-length', 'date', 'connection']);

describe('security headers', () => {
  it('are the headers helmet sends (without its CSP and HSTS, which are ours)', async () => {
    const app = Fastify({ logger: false });
    await app.register(helmet, { contentSecurityPolicy: false, strictTransportSecurity: false });
    app.get('/', async () => ({ ok: true }));
    const res = await app.inject('/');
    const sent = Object.fromEntries(Object.entries(res.headers).filter(([name]) => !NOT_SECURITY.has(name)));
    expect(sent).toEqual(HELMET_HEADERS);
  });

  it('go out on answers, 404s and errors, with the policy and the request id', async () => {
    const app = Fastify({ logger: false, genReqId: requestIdFor });
    await app.register(securityHeadersPlugin);
    app.get('/ok', async () => ({ ok: true }));
    app.get('/fails', async () => {
      throw new Error('falhou');
    });
    for (const [url, status] of [
      ['/ok', 200],
      ['/nada', 404],
      ['/fails', 500],
    ] as const) {
      const res = await app.inject({ url, headers: { 'x-request-id': 'abc-123' } });
      expect(res.statusCode).toBe(status);
      expect(res.headers).toMatchObject({
        ...HELMET_HEADERS,
        'content-security-policy': BASE_POLICY,
        'x-request-id': 'abc-123',
      });
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
  });
});
