import { ErrorCode } from '@origem/contract/errors';
import { messages } from '@origem/contract/messages.pt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
});
afterAll(() => t.close());

describe('errors plugin: 415 and 406 have their own codes and Portuguese messages (issue 9)', () => {
  it('415: a body in a format the route does not read', async () => {
    const res = await t.request('POST', '/v1/deal', {
      token: admin,
      body: '<deal><abbreviation>ACE-99</abbreviation></deal>',
      headers: { 'content-type': 'application/xml' },
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({
      code: ErrorCode.UnsupportedMediaType,
      message: messages.unsupportedMediaType,
    });
  });

  it('406: an upload route that only reads multipart/form-data gets JSON', async () => {
    const res = await t.request('POST', '/v1/classification_list', {
      token: admin,
      body: { classification_type: 'SH 2022', name: 'Lista' },
    });
    expect(res.statusCode, res.body).toBe(406);
    expect(res.json()).toEqual({ code: ErrorCode.NotAcceptable, message: messages.notMultipart });
  });
});

describe('validation messages reach users in Portuguese, per field (issue 9)', () => {
  const technical = /esperava|recebeu|Demasiado|Entrada inválida|Invalid|expected|received|nonoptional/;

  it('a body of wrong types gets a Portuguese message under each field', async () => {
    const res = await t.request('POST', '/v1/user', {
      token: admin,
      body: { name: 42, email: ['x'], role_id: 'abc', active: 'talvez', extra: true },
    });
    expect(res.statusCode).toBe(422);
    const errors: Record<string, string[]> = res.json().errors;
    expect(Object.keys(errors)).toEqual(expect.arrayContaining(['name', 'email', 'role_id']));
    for (const [field, list] of Object.entries(errors)) {
      for (const message of list) expect(message, field).not.toMatch(technical);
    }
  });

  it('a query of wrong types too', async () => {
    const res = await t.request('GET', '/v1/audit?start_date=31/02/2026&user_id=abc', { token: admin });
    expect(res.statusCode).toBe(422);
    for (const list of Object.values(res.json().errors as Record<string, string[]>)) {
      for (const message of list) expect(message).not.toMatch(technical);
    }
  });

  it('a body that is not an object', async () => {
    const res = await t.request('POST', '/v1/deal', {
      token: admin,
      body: 'texto solto',
      headers: { 'content-type': 'text/plain' },
    });
    expect(res.statusCode).toBe(422);
    expect(JSON.stringify(res.json())).not.toMatch(technical);
  });
});
