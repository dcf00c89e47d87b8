import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { queryRows } from '../../db/client';
import { xmlsecVerifies } from '../../documents/signing/xmlsec';
import { DECLARATION_PART } from '../../documents/xml/declaration';
import { xmllintErrors } from '../../documents/xml/schemas';
import { sha256 } from '../../lib/secrets';
import { loggedUrl } from '../../plugins/logging';
import { startCloudProvider } from '../../test/cloud-provider';
import { approveSigned, certificateAwaitingSignature, certificateRow } from '../certificates/test-support';
import { auditsOf, exporterDeclaration, sentDeclaration, signedXmlFiles } from '../declarations/test-support';
import {
  attemptsOf,
  CALLBACK,
  type CloudSuite,
  callback,
  cloudPath,
  discover,
  messageOf,
  openCloudSuite,
  PROVIDER,
  signInCloud,
  startAttempt,
  storedCod,
} from './test-support';

/**
 * Issue 38, the way it works: a certificate signed by its legal representative and then by the entity's official
 * through a cloud provider (the loopback PSC of test/cloud-provider.ts, holding e-CPFs of the suite's trusted CA),
 * ending EMITIDO with a COD that xmlsec1 verifies (both signatures) and xmllint validates; a declaration signed the
 * same way; what the provider is sent (PKCE S256, a fresh 256-bit state, the CPF) and what the server keeps (the
 * state's hash, the verifier sealed and erased once used, never the code or the token).
 */

let s: CloudSuite;
beforeAll(async () => {
  s = await openCloudSuite('cloud-signature-');
}, 120_000);
afterAll(async () => {
  await s?.close();
});

describe('signing with a cloud certificate', () => {
  it('first and second signature through the provider: ENVIADO, then EMITIDO with a COD xmlsec1 and xmllint accept', async () => {
    const { t, r, tok, trust, holders } = s;
    const id = await certificateAwaitingSignature(t, r, tok.exportador);

    // Who signs, and which provider keeps their certificate.
    const found = await discover(t, cloudPath('first', id), tok.exportador);
    expect(found.signer.cpf.replace(/\D/g, '')).toBe(holders.representative.cpf);
    expect(found.providers).toEqual([{ key: PROVIDER, name: 'Nuvem Teste', status: 'holder' }]);

    // The address the browser goes to: the provider's authorize page with PKCE S256 and a fresh state.
    const attempt = await startAttempt(t, cloudPath('first', id), tok.exportador);
    const authorize = new URL(attempt.authorize_url);
    expect(`${authorize.origin}${authorize.pathname}`).toBe(`${s.provider.url}/oauth/authorize`);
    const q = authorize.searchParams;
    expect(q.get('response_type')).toBe('code');
    expect(q.get('client_id')).toBe(s.provider.clientId);
    expect(q.get('redirect_uri')).toBe(CALLBACK);
    expect(q.get('scope')).toBe('single_signature');
    expect(q.get('login_hint')).toBe(holders.representative.cpf);
    expect(q.get('code_challenge_method')).toBe('S256');
    expect(q.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const state = q.get('state') ?? '';
    // At least 128 random bits: 32 bytes, base64url.
    expect(state).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // The attempt is in the database, the state known by its hash, the verifier sealed (SECRETS_KEY is set).
    const [pending] = await attemptsOf(t, id);
    expect(pending).toMatchObject({ status: 'pending', state_hash: sha256(state) });
    expect(pending?.code_verifier).toMatch(/^sealed:v1:/);
    const second = await startAttempt(t, cloudPath('first', id), tok.exportador);
    expect(new URL(second.authorize_url).searchParams.get('state')).not.toBe(state);

    const returned = await s.provider.visit(second.authorize_url);
    expect(`${returned.origin}${returned.pathname}`).toBe(CALLBACK);
    const res = await callback(t, tok.exportador, returned);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      message: 'Certificado assinado e enviado para análise!',
      document: 'certificado',
      record_id: id,
      purpose: 'certificate_first',
    });
    expect((await certificateRow(t.db, id))?.status).toBe('ENVIADO');
    const afterFirst = await storedCod(t, id);
    expect(afterFirst?.exporter_signer).toMatch(/^RESPONSAVEL LEGAL:/);
    expect(xmllintErrors(afterFirst?.xml ?? '', 'exporter_signed')).toBeNull();
    expect(xmlsecVerifies(afterFirst?.xml ?? '', 'COD', trust.trustPem)).toBe(true);
    // The first attempt was replaced by the second; the second is spent, its secrets and document erased.
    expect((await attemptsOf(t, id)).map((a) => [a.status, a.code_verifier, a.document])).toEqual([
      ['superseded', null, null],
      ['completed', null, null],
    ]);

    await approveSigned(t, tok.analista, id);
    const official = await signInCloud(s, cloudPath('second', id), tok.analista);
    expect(official.statusCode, official.body).toBe(200);
    expect(messageOf(official)).toBe('Certificado assinado pela entidade e EMITIDO!');
    const row = await certificateRow(t.db, id);
    expect(row?.status).toBe('EMITIDO');
    const complete = await storedCod(t, id);
    expect(complete?.stage).toBe('complete');
    expect(complete?.entity_signer).toMatch(/^OFICIAL DA ENTIDADE:/);
    expect(complete?.xml).toContain(`<CertificateID>${row?.certificate_number}</CertificateID>`);
    expect(xmllintErrors(complete?.xml ?? '', 'complete')).toBeNull();
    expect(xmlsecVerifies(complete?.xml ?? '', 'COD', trust.trustPem)).toBe(true);
    expect(xmlsecVerifies(complete?.xml ?? '', 'CODEH', trust.trustPem)).toBe(true);

    // The trail: each start, and each signature saying how it was made.
    const trail = await auditsOf(t.db, 'certificate', id);
    expect(trail.filter((a) => a.event === 'cloud_signature_requested')).toHaveLength(3);
    expect(trail.find((a) => a.event === 'first_signature')?.new_values).toMatchObject({
      signed_with: 'cloud',
    });
    expect(trail.find((a) => a.event === 'second_signature')?.new_values).toMatchObject({
      signed_with: 'cloud',
    });
  }, 60_000);

  it('the callback may reach another instance: the attempt lives in the database', async () => {
    const { t, r, tok } = s;
    const id = await certificateAwaitingSignature(t, r, tok.exportador);
    const attempt = await startAttempt(t, cloudPath('first', id), tok.exportador);
    const returned = await s.provider.visit(attempt.authorize_url);
    // A second server on the same database, sharing nothing else with the first.
    const other = await buildApp({
      config: loadConfig({
        ...s.env,
        DATA_DIR: t.app.config.dataDir,
        WEB_DIST: '/nonexistent',
        LOG_LEVEL: 'silent',
        APP_URL: 'http://origem.test',
      }),
      db: t.db,
      logger: false,
    });
    try {
      const res = await other.inject({
        method: 'POST',
        url: '/v1/cloud_signature/callback',
        headers: { authorization: `Bearer ${tok.exportador}` },
        payload: Object.fromEntries(returned.searchParams.entries()),
      });
      expect(res.statusCode, res.body).toBe(200);
    } finally {
      await other.close();
    }
    expect((await certificateRow(t.db, id))?.status).toBe('ENVIADO');
  }, 60_000);

  it('never keeps the authorization code or the access token', async () => {
    const { t, r, tok } = s;
    const id = await certificateAwaitingSignature(t, r, tok.exportador);
    const res = await signInCloud(s, cloudPath('first', id), tok.exportador);
    expect(res.statusCode, res.body).toBe(200);
    expect(s.provider.issued.length).toBeGreaterThan(0);
    // Every text the database holds, looked through for what the provider handed out.
    const tables = await queryRows<{ table_name: string }>(
      t.db,
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    );
    for (const { table_name } of tables) {
      const [dump] = await queryRows<{ text: string | null }>(
        t.db,
        sql`select string_agg(x::text, ' ') as text from ${sql.identifier(table_name)} x`,
      );
      for (const secret of s.provider.issued) expect(dump?.text ?? '', table_name).not.toContain(secret);
    }
    // The return address the browser asks for carries the code and the state: the request log hides both.
    expect(loggedUrl('/assinatura-nuvem/retorno?code=c0d3&state=st4t3')).toBe(
      '/assinatura-nuvem/retorno?code=[oculto]&state=[oculto]',
    );
  }, 60_000);

  it('a declaration signed by its legal representative through the provider', async () => {
    const { t, r, tok, trust } = s;
    const id = await sentDeclaration(t, tok, exporterDeclaration(r));
    const found = await discover(t, cloudPath('declaration', id), tok.exportador);
    expect(found.providers[0]?.status).toBe('holder');
    const res = await signInCloud(s, cloudPath('declaration', id), tok.exportador);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ document: 'declaracao', record_id: id });
    const [file] = await signedXmlFiles(t.db, id);
    expect(file).toBeDefined();
    const xml = (await t.request('GET', `/v1/declaration/xml/download/${id}`, { token: tok.exportador }))
      .body;
    expect(xmlsecVerifies(xml, DECLARATION_PART, trust.trustPem)).toBe(true);
    const trail = await auditsOf(t.db, 'declaration', id);
    expect(trail.map((a) => a.event)).toContain('signature_cloud');
    expect((await attemptsOf(t, id, 'declaration')).map((a) => a.status)).toEqual(['completed']);
  }, 60_000);

  it('lists every provider with what its user discovery says: holder, none, or no answer', async () => {
    const { t, r, tok } = s;
    const empty = await startCloudProvider({ redirectUri: CALLBACK, holders: [] });
    const gone = await startCloudProvider({ redirectUri: CALLBACK, holders: [] });
    await gone.close();
    try {
      for (const [name, p] of [
        ['Sem Titular', empty],
        ['Fora do Ar', gone],
      ] as const) {
        const res = await t.request('POST', '/v1/cloud_signature/provider', {
          token: tok.admin,
          body: { name, base_url: p.url, client_id: p.clientId, client_secret: p.clientSecret },
        });
        expect(res.statusCode, res.body).toBe(201);
      }
      const id = await certificateAwaitingSignature(t, r, tok.exportador);
      const startedAt = Date.now();
      const found = await discover(t, cloudPath('first', id), tok.exportador);
      expect(Date.now() - startedAt).toBeLessThan(10_000);
      expect(found.providers.map((p) => [p.name, p.status])).toEqual([
        ['Nuvem Teste', 'holder'],
        ['Fora do Ar', 'unavailable'],
        ['Sem Titular', 'not_holder'],
      ]);
    } finally {
      await empty.close();
      const list = await t.request('GET', '/v1/cloud_signature/provider', { token: tok.admin });
      for (const p of list.json<{ data: { id: number | null }[] }>().data) {
        if (p.id) await t.request('DELETE', `/v1/cloud_signature/provider/${p.id}`, { token: tok.admin });
      }
    }
  }, 60_000);

  it('only whoever may take the signature now starts it, and only in a session', async () => {
    const { t, r, tok } = s;
    const id = await certificateAwaitingSignature(t, r, tok.exportador);
    // The official's signature is not due yet; the exporter's user may not give the entity's.
    const early = await t.request('POST', cloudPath('second', id), {
      token: tok.analista,
      body: { provider: PROVIDER },
    });
    expect(early.statusCode).toBe(422);
    const notOfficial = await t.request('GET', cloudPath('second', id), { token: tok.exportador });
    expect(notOfficial.statusCode).toBe(403);
    const unknown = await t.request('POST', cloudPath('first', id), {
      token: tok.exportador,
      body: { provider: 'id:999999' },
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json<{ errors: Record<string, string[]> }>().errors.provider?.[0]).toContain(
      'não está mais cadastrado',
    );
    expect((await t.request('GET', cloudPath('first', id))).statusCode).toBe(401);
    expect(await attemptsOf(t, id)).toEqual([]);
  });
});
