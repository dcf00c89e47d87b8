import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, parseCloudProviders } from '../../config';
import { queryRows } from '../../db/client';
import { cloudSignatureProviders } from '../../db/schema';
import { createTestApp, loginAll, type TestApp } from '../../test/app';

/**
 * Issue 38, the providers as settings: the administrator's screen (list, register, change, remove — audited, the
 * secret sealed and never answered, https required, the base ending at /v0, one name per provider) and the
 * operator's CLOUD_SIGNATURE_PROVIDERS, which stops the start, naming the setting, when a provider is not safe to call.
 */

const BASE = '/v1/cloud_signature/provider';
const ENV_PROVIDER = {
  name: 'NeoID Homologação',
  base_url: 'https://psc-neoid.example.gov.br/psc/v0',
  client_id: 'cliente-env',
  client_secret: 'segredo-env',
};
let t: TestApp;
let tok: Record<'admin' | 'analista' | 'exportador', string>;

beforeAll(async () => {
  t = await createTestApp({
    SECRETS_KEY: randomBytes(32).toString('base64'),
    CLOUD_SIGNATURE_PROVIDERS: JSON.stringify([ENV_PROVIDER]),
    CLOUD_SIGNATURE_ALLOW_HTTP: 'localhost',
  });
  tok = await loginAll(t, ['admin', 'analista', 'exportador'] as const);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const create = (body: Record<string, unknown>, token = tok.admin) => t.request('POST', BASE, { token, body });
const fieldErrors = (res: { json: <T>() => T }) => res.json<{ errors: Record<string, string[]> }>().errors;

describe('the providers screen (administrator only)', () => {
  it('registers, changes and removes a provider; the secret is sealed, never answered nor audited', async () => {
    const list = await t.request('GET', BASE, { token: tok.admin });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json()).toEqual({
      callback_url: 'http://origem.test/assinatura-nuvem/retorno',
      data: [
        {
          key: 'env:NeoID Homologação',
          id: null,
          name: 'NeoID Homologação',
          base_url: ENV_PROVIDER.base_url,
          client_id: 'cliente-env',
          source: 'environment',
          updated_at: null,
        },
      ],
    });
    expect(list.body).not.toContain('segredo-env');

    const created = await create({
      name: 'BirdID',
      base_url: 'https://api.birdid.example.com.br/v0/',
      client_id: 'origem',
      client_secret: 'segredo-bird-1',
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.body).not.toContain('segredo-bird-1');
    const { provider } = created.json<{ provider: { id: number; base_url: string; key: string } }>();
    expect(provider.base_url).toBe('https://api.birdid.example.com.br/v0');
    expect(provider.key).toBe(`id:${provider.id}`);
    const [row] = await t.db
      .select()
      .from(cloudSignatureProviders)
      .where(eq(cloudSignatureProviders.id, provider.id));
    expect(row?.client_secret).toMatch(/^sealed:v1:/);
    expect(row?.client_secret).not.toContain('segredo-bird-1');

    // A blank secret keeps the stored one; a new one replaces it.
    const kept = await t.request('PUT', `${BASE}/${provider.id}`, {
      token: tok.admin,
      body: {
        name: 'BirdID Produção',
        base_url: provider.base_url,
        client_id: 'origem-2',
        client_secret: '',
      },
    });
    expect(kept.statusCode, kept.body).toBe(200);
    const [afterKeep] = await t.db
      .select()
      .from(cloudSignatureProviders)
      .where(eq(cloudSignatureProviders.id, provider.id));
    expect(afterKeep?.client_secret).toBe(row?.client_secret);
    const changed = await t.request('PUT', `${BASE}/${provider.id}`, {
      token: tok.admin,
      body: {
        name: 'BirdID Produção',
        base_url: provider.base_url,
        client_id: 'origem-2',
        client_secret: 'segredo-2',
      },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const [afterChange] = await t.db
      .select()
      .from(cloudSignatureProviders)
      .where(eq(cloudSignatureProviders.id, provider.id));
    expect(afterChange?.client_secret).not.toBe(row?.client_secret);

    const removed = await t.request('DELETE', `${BASE}/${provider.id}`, { token: tok.admin });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toEqual({ message: 'Provedor de assinatura em nuvem excluído com sucesso!' });

    const trail = await queryRows<{ event: string; old_values: unknown; new_values: unknown }>(
      t.db,
      sql`select event, old_values, new_values from audits
           where auditable_type = 'cloud_signature_provider' and auditable_id = ${provider.id} order by id`,
    );
    expect(trail.map((a) => a.event)).toEqual(['created', 'updated', 'updated', 'deleted']);
    expect(trail[1]?.new_values).toMatchObject({ name: 'BirdID Produção', client_id: 'origem-2' });
    expect(trail[1]?.new_values).not.toHaveProperty('credentials_replaced');
    expect(trail[2]?.new_values).toMatchObject({ credentials_replaced: true });
    expect(JSON.stringify(trail)).not.toMatch(/segredo/);
  });

  it('refuses plain http, a base that does not end at /v0 and a name already in use, in Portuguese', async () => {
    const body = {
      name: 'VIDaaS',
      base_url: 'https://certificado.vidaas.example.com.br/v0',
      client_id: 'x',
      client_secret: 'y',
    };
    const http = await create({ ...body, base_url: 'http://certificado.vidaas.example.com.br/v0' });
    expect(http.statusCode).toBe(422);
    expect(fieldErrors(http).base_url?.[0]).toContain('https://');
    expect(fieldErrors(http).base_url?.[0]).toContain('CLOUD_SIGNATURE_ALLOW_HTTP');
    // A host the operator allowed (tests) may use http.
    const local = await create({ ...body, name: 'Local', base_url: 'http://localhost:9/v0' });
    expect(local.statusCode, local.body).toBe(201);
    const noVersion = await create({ ...body, base_url: 'https://certificado.vidaas.example.com.br/' });
    expect(fieldErrors(noVersion).base_url?.[0]).toContain('/v0');
    for (const url of [
      'vidaas',
      'https://u:p@vidaas.example.com/v0',
      'https://vidaas.example.com/v0?x=1',
      'ftp://x/v0',
    ]) {
      const res = await create({ ...body, base_url: url });
      expect(res.statusCode, url).toBe(422);
      expect(fieldErrors(res).base_url).toHaveLength(1);
    }
    const blank = await create({ name: '', base_url: '', client_id: '', client_secret: '' });
    expect(Object.keys(fieldErrors(blank)).sort()).toEqual([
      'base_url',
      'client_id',
      'client_secret',
      'name',
    ]);
    // One name per provider, across the screen's and the setting's, whatever the case.
    for (const name of ['local', 'neoid homologação']) {
      const twice = await create({ ...body, name });
      expect(twice.statusCode).toBe(422);
      expect(fieldErrors(twice).name).toEqual(['Já existe um provedor com este nome.']);
    }
    const count = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from cloud_signature_providers`,
    );
    expect(count[0]?.n).toBe(1);
  });

  it("is the administrator's alone: other roles are refused, even one given the permission", async () => {
    expect((await t.request('GET', BASE, { token: tok.exportador })).statusCode).toBe(403);
    expect(
      (
        await create(
          { name: 'X', base_url: 'https://x.example/v0', client_id: 'a', client_secret: 'b' },
          tok.analista,
        )
      ).statusCode,
    ).toBe(403);
    await t.db.execute(sql`insert into role_permissions (role_id, permission_id)
      select r.id, p.id from roles r, permissions p where r.name = 'analista' and p.name = 'system.cloud_signature'`);
    const analyst = await t.login('analista');
    const res = await t.request('GET', BASE, { token: analyst });
    expect(res.statusCode).toBe(403);
    expect(res.json<{ message: string }>().message).toBe(
      'Somente o administrador da plataforma cadastra os provedores de assinatura em nuvem.',
    );
    expect((await t.request('GET', BASE)).statusCode).toBe(401);
  });
});

describe('CLOUD_SIGNATURE_PROVIDERS', () => {
  const entry = { name: 'P', base_url: 'https://p.example/v0', client_id: 'c', client_secret: 's' };

  it("reads the operator's providers", () => {
    expect(
      parseCloudProviders(
        JSON.stringify([entry, { ...entry, name: 'Q', base_url: 'http://127.0.0.1:9/v0/' }]),
        ['127.0.0.1'],
      ),
    ).toEqual([
      { name: 'P', baseUrl: 'https://p.example/v0', clientId: 'c', clientSecret: 's' },
      { name: 'Q', baseUrl: 'http://127.0.0.1:9/v0', clientId: 'c', clientSecret: 's' },
    ]);
    expect(parseCloudProviders(undefined, [])).toEqual([]);
  });

  it('refuses, naming the setting, what the server could not call safely', () => {
    const read =
      (value: unknown, allow: string[] = []) =>
      () =>
        parseCloudProviders(typeof value === 'string' ? value : JSON.stringify(value), allow);
    expect(read([{ ...entry, base_url: 'http://p.example/v0' }])).toThrow(
      /^CLOUD_SIGNATURE_PROVIDERS inválido: P: .*https:\/\/ .*CLOUD_SIGNATURE_ALLOW_HTTP/,
    );
    expect(read([{ ...entry, base_url: 'https://p.example/api' }])).toThrow(/\/v0/);
    expect(read('[{')).toThrow(/não é JSON/);
    expect(read([{ name: 'P' }])).toThrow(/CLOUD_SIGNATURE_PROVIDERS inválido/);
    expect(read([entry, { ...entry, name: 'p' }])).toThrow(/aparece mais de uma vez/);
    expect(() =>
      loadConfig({
        CLOUD_SIGNATURE_PROVIDERS: JSON.stringify([{ ...entry, base_url: 'http://p.example/v0' }]),
      }),
    ).toThrow(/CLOUD_SIGNATURE_PROVIDERS/);
  });

  it("stops the server's start with the message", async () => {
    const root = path.resolve(import.meta.dirname, '../../../../..');
    const run = promisify(execFile)(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
      cwd: root,
      env: {
        ...process.env,
        DATABASE_URL: '',
        PORT: '3999',
        CLOUD_SIGNATURE_PROVIDERS: JSON.stringify([{ ...entry, base_url: 'http://p.example/v0' }]),
        CLOUD_SIGNATURE_ALLOW_HTTP: '',
      },
      timeout: 60_000,
    });
    const failed = await run.then(
      () => null,
      (err: { code: number; stderr: string }) => err,
    );
    expect(failed?.code).not.toBe(0);
    expect(failed?.stderr).toContain('CLOUD_SIGNATURE_PROVIDERS inválido: P:');
    expect(failed?.stderr).toContain('CLOUD_SIGNATURE_ALLOW_HTTP');
  }, 60_000);
});
