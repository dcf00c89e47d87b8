import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { authPlugin } from './auth';

describe('default-deny route declarations', () => {
  it('refuses to start when an API route declares neither public nor a permission', async () => {
    const app = Fastify({ logger: false });
    await app.register(authPlugin);
    expect(() => app.get('/v1/esquecida', async () => ({ ok: true }))).toThrow(
      'A rota GET /v1/esquecida não declara permissão nem public: true',
    );
  });

  it('treats non-API routes (static files, docs) as public', async () => {
    const app = Fastify({ logger: false });
    app.decorate('config', { appUrl: 'http://origem.test' } as never);
    await app.register(authPlugin);
    app.get('/index.html', async () => 'ok');
    await app.ready();
    const res = await app.inject({ method: 'GET', url: '/index.html' });
    expect(res.statusCode).toBe(200);
  });
});
