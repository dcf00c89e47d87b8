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

  it('looks a token up on API routes only: a probe or a static file sent with one costs no query', async () => {
    const app = Fastify({ logger: false });
    let queries = 0;
    app.decorate('config', { appUrl: 'http://origem.test' } as never);
    // The session lookup is a prepared statement (lib/actor.ts): each run of it is one query.
    const run = async () => {
      queries += 1;
      return { rows: [] };
    };
    app.decorate('db', { _: { session: { prepareQuery: () => ({ execute: run }) } } } as never);
    await app.register(authPlugin);
    app.get('/health/live', { config: { public: true } }, async () => ({ status: 'ok' }));
    app.get('/v1/aberta', { config: { public: true } }, async () => ({ ok: true }));
    await app.ready();
    const headers = { authorization: 'Bearer sessao-qualquer' };
    expect((await app.inject({ url: '/health/live', headers })).statusCode).toBe(200);
    expect(queries).toBe(0);
    // A public API route may read who calls: the token is still looked up there (unknown: anonymous).
    expect((await app.inject({ url: '/v1/aberta', headers })).statusCode).toBe(200);
    expect(queries).toBe(1);
  });
});
