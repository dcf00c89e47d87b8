import { randomUUID } from 'node:crypto';
import { and, desc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { parseTrustProxy } from '../config';
import { audits, rateLimitCounters } from '../db/schema';
import { createTestApp, type TestApp } from '../test/app';

describe('TRUST_PROXY', () => {
  it('trusts nobody when unset; a hop count, or a list of addresses and CIDRs, when set', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('0')).toBe(false);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy(' 10.0.0.1, 10.1.0.0/16,fd00::/8 , loopback')).toEqual([
      '10.0.0.1',
      '10.1.0.0/16',
      'fd00::/8',
      'loopback',
    ]);
  });

  it('refuses anything else at start, rather than trusting more than meant', () => {
    for (const value of ['true', '*', '300.1.1.1', '10.0.0.0/33', '10.0.0.1/8/1', 'proxy.local', ',']) {
      expect(() => parseTrustProxy(value), value).toThrow(/TRUST_PROXY inválido/);
    }
  });
});

const login = (t: TestApp, headers: Record<string, string>, remoteAddress = '127.0.0.1') =>
  t.app.inject({
    method: 'POST',
    url: '/v1/oauth/token',
    remoteAddress,
    headers: { 'user-agent': 'vitest', ...headers },
    payload: {
      grant_type: 'password',
      client_id: '2',
      // A user without a second factor: the password grant answers the token at once.
      username: 'exportador@origem.local',
      password: 'origem123',
    },
  });

async function lastLoginIp(t: TestApp): Promise<string | null> {
  const [row] = await t.db
    .select({ ip: audits.ip_address })
    .from(audits)
    .where(eq(audits.event, 'login'))
    .orderBy(desc(audits.id))
    .limit(1);
  return row?.ip ?? null;
}

describe('without TRUST_PROXY, forwarded headers are ignored', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '3' });
  });
  afterAll(() => t.close());

  it('audits the socket’s address, not a forged X-Forwarded-For', async () => {
    const res = await login(t, { 'x-forwarded-for': '6.6.6.6' }, '198.51.100.20');
    expect(res.statusCode).toBe(200);
    expect(await lastLoginIp(t)).toBe('198.51.100.20');
  });

  it('a forged X-Forwarded-For does not escape the rate limit', async () => {
    const answers: number[] = [];
    for (let i = 0; i < 4; i++) {
      answers.push((await login(t, { 'x-forwarded-for': `10.0.0.${i}` }, '198.51.100.21')).statusCode);
    }
    expect(answers).toEqual([200, 200, 200, 429]);
  });

  it('never sends Strict-Transport-Security over plain HTTP, whatever X-Forwarded-Proto says', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/health',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('with TRUST_PROXY naming the proxy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '3', TRUST_PROXY: '127.0.0.1' });
  });
  afterAll(() => t.close());

  it('takes the client address the proxy reports, and only from that proxy', async () => {
    await login(t, { 'x-forwarded-for': '203.0.113.7' });
    expect(await lastLoginIp(t)).toBe('203.0.113.7');
    await login(t, { 'x-forwarded-for': '203.0.113.8' }, '198.51.100.30');
    expect(await lastLoginIp(t)).toBe('198.51.100.30');
  });

  it('sends Strict-Transport-Security when the proxy says the request came over TLS', async () => {
    const tls = await t.app.inject({
      method: 'GET',
      url: '/health',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(tls.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const plain = await t.app.inject({ method: 'GET', url: '/health' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('rate-limit counters live in the database', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '3' });
  });
  afterAll(() => t.close());

  it('are shared by two instances and survive a restart', async () => {
    const other = await buildApp({ config: t.app.config, db: t.db, logger: false });
    await other.ready();
    const from = (app: typeof other) =>
      app.inject({
        method: 'POST',
        url: '/v1/oauth/token',
        remoteAddress: '198.51.100.40',
        payload: { grant_type: 'password', client_id: '2', username: 'x@origem.local', password: 'y' },
      });
    expect((await from(t.app)).statusCode).toBe(401);
    expect((await from(other)).statusCode).toBe(401);
    expect((await from(t.app)).statusCode).toBe(401);
    expect((await from(other)).statusCode).toBe(429);
    await other.close();
    // A fresh instance (a restart) reads the same counter.
    const restarted = await buildApp({ config: t.app.config, db: t.db, logger: false });
    await restarted.ready();
    const res = await from(restarted);
    expect(res.statusCode).toBe(429);
    expect(res.json().code).toBe('RateLimited');
    await restarted.close();
    const [row] = await t.db
      .select()
      .from(rateLimitCounters)
      .where(and(like(rateLimitCounters.key, '%/v1/oauth/token|198.51.100.40')));
    expect(row?.hits).toBe(5);
  });
});

describe('X-Request-Id', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const idFor = async (sent?: string) =>
    (
      await t.app.inject({
        method: 'GET',
        url: '/health',
        headers: sent === undefined ? {} : { 'x-request-id': sent },
      })
    ).headers['x-request-id'];

  it('echoes a short id of letters, digits, _ and -', async () => {
    expect(await idFor('req_2024-abc')).toBe('req_2024-abc');
    expect(await idFor('a'.repeat(64))).toBe('a'.repeat(64));
  });

  it('replaces anything else with a new id', async () => {
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
    for (const sent of ['a'.repeat(65), 'com espaço', 'x\r\ninjetado: 1', '<script>', 'ção', '']) {
      const id = await idFor(sent);
      expect(id, sent).toMatch(uuid);
    }
    expect(await idFor()).toMatch(uuid);
    expect(await idFor(randomUUID())).toMatch(uuid);
  });
});
