import { apiTokenMessages } from '@origem/contract/schemas/api-tokens';
import { eq, sql } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { apiTokens } from '../../db/schema';
import { DEMO_TOTP_SECRET } from '../../db/seed/demo';
import { brasiliaDay } from '../../lib/brasilia-days';
import type { TestApp } from '../../test/app';
import {
  approvedDeclaration,
  type CertificateRefs,
  certificateBody,
  openCertificateSuite,
} from '../certificates/test-support';

let t: TestApp;
let r: CertificateRefs;
let tok: Record<'admin' | 'exportador' | 'despachante', string>;

beforeAll(async () => {
  ({ t, r, tok } = await openCertificateSuite(['admin', 'exportador', 'despachante']));
});
afterAll(() => t.close());

// Days as Brasília counts them (the expiry ends at the end of a Brasília day): from 21:00 there, UTC is a day ahead.
const inDays = (days: number) => brasiliaDay(new Date(Date.now() + days * 86_400_000));

async function createToken(session: string, overrides: Record<string, unknown> = {}) {
  return t.request('POST', '/v1/api-token', {
    token: session,
    body: {
      name: 'ERP',
      expires_on: inDays(30),
      scopes: ['certificate.view', 'certificate.create'],
      password: 'origem123',
      ...overrides,
    },
  });
}

/** A code of the demo staff authenticator, its step not yet used (each step is accepted once). */
async function staffCode(email: string) {
  await t.db.execute(sql`update users set totp_last_step = null where email = ${email}`);
  return generate({ secret: DEMO_TOTP_SECRET });
}

async function newToken(session: string, overrides: Record<string, unknown> = {}) {
  const res = await createToken(session, overrides);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ token: string; api_token: { id: number } }>();
}

describe('creating a token', () => {
  it('offers the user’s own permissions as scopes, never user or role management', async () => {
    const res = await t.request('GET', '/v1/api-token/scopes', { token: tok.exportador });
    const names = res.json<{ data: { name: string; label: string }[] }>().data.map((s) => s.name);
    expect(names).toContain('certificate.create');
    expect(names).not.toContain('certificate.analyse');
    const adminScopes = await t.request('GET', '/v1/api-token/scopes', { token: tok.admin });
    expect(adminScopes.body).not.toContain('"user.manage"');
    expect(adminScopes.body).not.toContain('"role.manage"');
  });

  it('asks for the password again, a held scope and an expiry within a year', async () => {
    const wrong = await createToken(tok.exportador, { password: 'errada' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.password).toEqual(['Senha incorreta.']);
    const notHeld = await createToken(tok.exportador, { scopes: ['certificate.analyse'] });
    expect(notHeld.json().errors.scopes).toEqual(['Você só pode conceder permissões que possui.']);
    const far = await createToken(tok.exportador, { expires_on: inDays(400) });
    expect(far.json().errors.expires_on).toEqual(['A validade é de no máximo 365 dias.']);
    const past = await createToken(tok.exportador, { expires_on: inDays(-1) });
    expect(past.json().errors.expires_on).toEqual(['A validade deve ser uma data futura.']);
  });

  it('asks a user with a second factor for a fresh code too (issue 24)', async () => {
    const scopes = await t.request('GET', '/v1/api-token/scopes', { token: tok.admin });
    expect(scopes.json<{ second_factor: boolean }>().second_factor).toBe(true);
    const own = await t.request('GET', '/v1/api-token/scopes', { token: tok.exportador });
    expect(own.json<{ second_factor: boolean }>().second_factor).toBe(false);
    const scope = { scopes: ['certificate.view'] };
    const missing = await createToken(tok.admin, scope);
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.code).toEqual([
      'Informe o código de verificação do aplicativo autenticador.',
    ]);
    const wrong = await createToken(tok.admin, { ...scope, code: '000000' });
    expect(wrong.statusCode, wrong.body).toBe(422);
    expect(wrong.json().errors.code).toEqual(['Código de verificação inválido ou já utilizado.']);
    const before = await t.db.select({ id: apiTokens.id }).from(apiTokens);
    await t.db.execute(sql`update users set totp_last_step = null where email = 'admin@origem.local'`);
    const created = await createToken(tok.admin, {
      ...scope,
      code: await generate({ secret: DEMO_TOTP_SECRET }),
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(await t.db.select({ id: apiTokens.id }).from(apiTokens)).toHaveLength(before.length + 1);
  });

  it('shows the token once and keeps only its hash', async () => {
    const created = await newToken(tok.exportador, { name: 'Mostrado uma vez' });
    expect(created.token).toMatch(/^orig_[\w-]{43}$/);
    const [row] = await t.db.select().from(apiTokens).where(eq(apiTokens.id, created.api_token.id));
    expect(row?.token_hash).toHaveLength(64);
    expect(JSON.stringify(row)).not.toContain(created.token);
    const list = await t.request('GET', '/v1/api-token', { token: tok.exportador });
    expect(list.body).not.toContain(created.token);
    expect(list.json().data[0]).toMatchObject({
      name: 'Mostrado uma vez',
      prefix: `${created.token.slice(0, 9)}…`,
    });
  });
});

describe('calling the API with a token', () => {
  it('creates a certificate draft idempotently, audited with the token’s name, and records the last use', async () => {
    const { token, api_token } = await newToken(tok.exportador, { name: 'ERP Linha 1' });
    const declaration = await approvedDeclaration(t.db, r);
    const create = () =>
      t.request('POST', '/v1/certificate', {
        token,
        body: certificateBody(r, [declaration], { invoice_number: 'ERP-0001' }),
        headers: { 'idempotency-key': 'erp-0001' },
      });
    const first = await create();
    expect(first.statusCode, first.body).toBe(201);
    const id = first.json<{ id: number }>().id;
    const again = await create();
    expect(again.json<{ id: number }>().id).toBe(id);
    const detail = await t.request('GET', `/v1/certificate/${id}`, { token });
    expect(detail.json().status).toBe('RASCUNHO');
    const [audit] = await queryRows<{ new_values: Record<string, unknown> }>(
      t.db,
      sql`select new_values from audits where auditable_type = 'certificate' and auditable_id = ${id}
           and event = 'created'`,
    );
    expect(audit?.new_values.via_api).toBe('ERP Linha 1');
    const [row] = await t.db.select().from(apiTokens).where(eq(apiTokens.id, api_token.id));
    expect(row?.last_used_at).not.toBeNull();
  });

  it('acts only with its scopes, intersected with the user’s permissions', async () => {
    const { token } = await newToken(tok.exportador, { scopes: ['certificate.view'] });
    expect((await t.request('GET', '/v1/certificate', { token })).statusCode).toBe(200);
    const refused = await t.request('POST', '/v1/certificate', { token, body: {} });
    expect(refused.statusCode).toBe(403);
    expect((await t.request('GET', '/v2/declaration', { token })).statusCode).toBe(403);
  });

  it('never manages users, roles, sessions or tokens', async () => {
    const { token } = await newToken(tok.admin, {
      scopes: ['certificate.view'],
      code: await staffCode('admin@origem.local'),
    });
    const urls = ['/v1/user', '/v1/user/detail', '/v1/role', '/v1/api-token', '/v1/admin/api-token'];
    for (const url of [...urls, '/v1/account/mfa', '/v1/account/sessions']) {
      const res = await t.request('GET', url, { token });
      expect(res.statusCode, url).toBe(403);
      expect(res.json().message).toBe(apiTokenMessages.notForManagement);
    }
    const created = await t.request('POST', '/v1/api-token', {
      token,
      body: { name: 'x', expires_on: inDays(3), scopes: ['certificate.view'], password: 'origem123' },
    });
    expect(created.statusCode).toBe(403);
  });

  it('never asks for an A3 signer code: a code is bound to a session, which a token has not (a fuzzed 500 once)', async () => {
    const { token } = await newToken(tok.exportador);
    for (const url of [
      '/v1/declaration/signature/a3/1',
      '/v1/certificate/first/signature/a3/1',
      '/v1/certificate/second/signature/a3/1',
    ]) {
      const res = await t.request('GET', url, { token });
      expect(res.statusCode, url).toBe(403);
      expect(res.json().message).toBe(apiTokenMessages.notForManagement);
    }
  });

  it('is refused with 401 once revoked or expired, and unknown tokens too', async () => {
    const { token, api_token } = await newToken(tok.exportador);
    const revoke = await t.request('DELETE', `/v1/api-token/${api_token.id}`, { token: tok.exportador });
    expect(revoke.statusCode, revoke.body).toBe(200);
    const revoked = await t.request('GET', '/v1/certificate', { token });
    expect(revoked.statusCode).toBe(401);
    expect(revoked.json().message).toBe('Token de API revogado.');

    const other = await newToken(tok.exportador);
    await t.db
      .update(apiTokens)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(apiTokens.id, other.api_token.id));
    const expired = await t.request('GET', '/v1/certificate', { token: other.token });
    expect(expired.statusCode).toBe(401);
    expect(expired.json().message).toBe('Token de API expirado.');
    const unknown = await t.request('GET', '/v1/certificate', { token: 'orig_naoexiste' });
    expect(unknown.statusCode).toBe(401);
  });

  it('is rate limited per token, counted in the database', async () => {
    const { token, api_token } = await newToken(tok.exportador);
    const config = t.app.config as { apiTokenRateLimitPerMinute: number };
    const limit = config.apiTokenRateLimitPerMinute;
    config.apiTokenRateLimitPerMinute = 3;
    try {
      const codes: number[] = [];
      for (let i = 0; i < 4; i++)
        codes.push((await t.request('GET', '/v1/certificate', { token })).statusCode);
      expect(codes).toEqual([200, 200, 200, 429]);
      const [counter] = await queryRows<{ hits: number }>(
        t.db,
        sql`select hits from rate_limit_counters where key = ${`api-token:${api_token.id}`}`,
      );
      expect(Number(counter?.hits)).toBe(4);
      // Another token of the same user has its own budget.
      const fresh = await newToken(tok.exportador);
      expect((await t.request('GET', '/v1/certificate', { token: fresh.token })).statusCode).toBe(200);
    } finally {
      config.apiTokenRateLimitPerMinute = limit;
    }
  });
});

describe('administration', () => {
  it('lists every user’s tokens and revokes any; others may not', async () => {
    const { api_token } = await newToken(tok.despachante, {
      name: 'Despacho ERP',
      scopes: ['certificate.view'],
    });
    const list = await t.request('GET', '/v1/admin/api-token?search=despacho', { token: tok.admin });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data[0]).toMatchObject({
      id: api_token.id,
      user: { email: 'despachante@origem.local' },
    });
    expect((await t.request('GET', '/v1/admin/api-token', { token: tok.exportador })).statusCode).toBe(403);
    // An association's user manager manages its own users, not every token of the platform.
    const association = await t.login('associacao');
    expect((await t.request('GET', '/v1/admin/api-token', { token: association })).statusCode).toBe(403);
    expect(
      (await t.request('DELETE', `/v1/admin/api-token/${api_token.id}`, { token: tok.exportador }))
        .statusCode,
    ).toBe(403);
    // A user cannot revoke someone else's token through its own route.
    expect(
      (await t.request('DELETE', `/v1/api-token/${api_token.id}`, { token: tok.exportador })).statusCode,
    ).toBe(404);
    const revoked = await t.request('DELETE', `/v1/admin/api-token/${api_token.id}`, { token: tok.admin });
    expect(revoked.statusCode, revoked.body).toBe(200);
    const twice = await t.request('DELETE', `/v1/admin/api-token/${api_token.id}`, { token: tok.admin });
    expect(twice.statusCode).toBe(409);
  });

  it('marks in the OpenAPI document which operations accept tokens', async () => {
    const doc = t.app.swagger() as unknown as {
      paths: Record<string, Record<string, Record<string, unknown>>>;
    };
    expect(doc.paths['/v1/certificate']?.post?.['x-api-token']).toBe(true);
    expect(doc.paths['/v1/certificate']?.post?.security).toEqual([{ bearer: [] }, { apiToken: [] }]);
    expect(doc.paths['/v1/user']?.get?.['x-api-token']).toBeUndefined();
    expect(doc.paths['/v1/api-token']?.post?.['x-api-token']).toBeUndefined();
  });
});
