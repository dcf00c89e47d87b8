import { messages } from '@origem/contract/messages.pt';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/client';
import { createTestApp, type TestApp } from '../test/app';
import { multipart } from '../test/multipart';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
});
afterAll(() => t.close());

/** Rows a refused request must not have written (the audit log above all: it stores what was typed). */
async function counts() {
  const [row] = await queryRows<Record<string, number>>(
    t.db,
    sql`select (select count(*)::int from audits) as audits, (select count(*)::int from login_failures) as failures,
               (select count(*)::int from federations) as federations, (select count(*)::int from users) as users`,
  );
  return row;
}

function expectInvalidText(res: { statusCode: number; json: () => unknown }, field: string) {
  expect(res.statusCode).toBe(422);
  expect(res.json()).toEqual({
    code: 'ValidationError',
    message: messages.field.invalidText,
    errors: { [field]: [messages.field.invalidText] },
  });
}

describe('text PostgreSQL cannot store is refused at the edge, on every kind of input', () => {
  it('a NUL in a query string', async () => {
    const res = await t.request('GET', '/v1/user/search?name=ana%00maria', { token: admin });
    expectInvalidText(res, 'name');
  });

  it('a NUL in a path parameter', async () => {
    const res = await t.request('GET', '/v1/ncm/0101%002100', { token: admin });
    expectInvalidText(res, 'code');
  });

  it('a NUL in a JSON body, anonymous, before the login is hashed, counted or audited', async () => {
    const before = await counts();
    const res = await t.request('POST', '/v1/oauth/token', {
      body: { grant_type: 'password', client_id: '2', username: 'admin@origem.local\u0000', password: 'x' },
    });
    expectInvalidText(res, 'username');
    expect(await counts()).toEqual(before);
  });

  it('a lone UTF-16 surrogate (which jsonb refuses) in a JSON body', async () => {
    const before = await counts();
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/oauth/token',
      headers: { 'content-type': 'application/json' },
      payload:
        '{"grant_type":"password","client_id":"2","username":"ana\\ud800@origem.local","password":"x"}',
    });
    expectInvalidText(res, 'username');
    expect(await counts()).toEqual(before);
  });

  it('a NUL deep in a body, or in a key', async () => {
    const before = await counts();
    const nested = await t.request('POST', '/v1/user', {
      token: admin,
      body: { name: 'Ana', email: 'ana@origem.local', role_id: 1, extra: { list: ['ok', 'n\u0000o'] } },
    });
    expectInvalidText(nested, 'extra.list.1');
    const key = await t.request('POST', '/v1/user', {
      token: admin,
      body: { name: 'Ana', email: 'ana@origem.local', role_id: 1, 'no\u0000me': 'x' },
    });
    expectInvalidText(key, '_');
    expect(await counts()).toEqual(before);
  });

  it('a NUL in a multipart field or field name', async () => {
    const before = await counts();
    const field = await t.request('POST', '/v1/federation', {
      token: admin,
      ...multipart({ name: 'Federação\u0000Nula', abbreviation: 'FN' }),
    });
    expectInvalidText(field, 'name');
    const name = await t.request('POST', '/v1/federation', {
      token: admin,
      ...multipart({ 'na\u0000me': 'Federação' }),
    });
    expectInvalidText(name, '_');
    expect(await counts()).toEqual(before);
  });

  it('a NUL in a header', async () => {
    const before = await counts();
    const res = await t.request('POST', '/v1/oauth/token', {
      headers: { 'user-agent': 'curl\u0000/8' },
      body: { grant_type: 'password', client_id: '2', username: 'ninguem@origem.local', password: 'x' },
    });
    expectInvalidText(res, 'user-agent');
    expect(await counts()).toEqual(before);
  });

  it('still answers 401 first to an anonymous caller of a protected route', async () => {
    const res = await t.request('GET', '/v1/user/search?name=a%00b');
    expect(res.statusCode).toBe(401);
  });

  it('lets ordinary non-ASCII text through (accents, emoji, other scripts)', async () => {
    const res = await t.request('GET', `/v1/user/search?name=${encodeURIComponent('Élida 😀 日本 مرحبا')}`, {
      token: admin,
    });
    expect(res.statusCode).toBe(200);
  });
});
