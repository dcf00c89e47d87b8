import { execFile } from 'node:child_process';
import { readFileSync, renameSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { SIGNER_DOWNLOAD_FAILED, type SignerSession } from '@origem/contract/schemas/signer';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { certificateCods, signerTokens } from '../../db/schema';
import { type SoftToken, softHsmAvailable } from '../../documents/signing/softhsm';
import { xmlsecVerifies } from '../../documents/signing/xmlsec';
import { xmllintErrors } from '../../documents/xml/schemas';
import { sha256 } from '../../lib/secrets';
import type { TestApp } from '../../test/app';
import { signingTrust } from '../../test/signing';
import {
  approveSigned,
  type CertificateRefs,
  certificateAwaitingSignature,
  certificateRow,
  entityOfficialCpf,
  openCertificateSuite,
} from '../certificates/test-support';
import { representativeCpf } from '../declarations/test-support';
import { eCpfToken, listen, SIGNER_PACKAGE as PACKAGE, packSigner, runSigner as run } from './test-support';

/**
 * The A3 path end to end (DOMAIN.md §5): the packaged signer program (scripts/pack-signer.mjs, as the build makes
 * it) runs against this server and a SoftHSM2 token holding e-CPF keys; the server verifies what it posts exactly
 * as an A1 signature. Checks: the status moves, xmlsec1 verifies each signature, the code is single use, a wrong
 * CPF or another document is refused with nothing changed, and GET /v1/signer/download offers the package.
 */

const trust = await signingTrust('a3-');
const { dir, env, remove } = trust;
let webDist = '';
let t: TestApp;
let r: CertificateRefs;
let tok: Record<'exportador' | 'analista', string>;
let token: SoftToken;
let server = '';
let cli = '';
const exec = promisify(execFile);

beforeAll(async () => {
  if (!softHsmAvailable) return;
  ({ webDist, cli } = packSigner(dir));

  ({ t, r, tok } = await openCertificateSuite(['exportador', 'analista'], { ...env, WEB_DIST: webDist }));
  token = eCpfToken(trust, [
    ['01', 'RESPONSAVEL LEGAL', await representativeCpf(t.db, r.exporterRepresentative)],
    ['02', 'OUTRA PESSOA', '11144477735'],
    ['03', 'OFICIAL DA ENTIDADE', await entityOfficialCpf(t.db)],
  ]);
  server = await listen(t);
}, 120_000);
afterAll(async () => {
  await t?.close();
  await remove();
});

/** Runs the signer program with the key `id` of the token. */
const runSigner = (code: string, id: string) => run(cli, server, token, code, id);

async function signerCode(stage: 'first' | 'second', id: number, as: string): Promise<SignerSession> {
  const res = await t.request('GET', `/v1/certificate/${stage}/signature/a3/${id}`, { token: as });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<SignerSession>();
}

const storedCod = async (id: number) =>
  (await t.db.select().from(certificateCods).where(eq(certificateCods.certificate_id, id)))[0];

describe.skipIf(!softHsmAvailable)('A3 signatures through the signer program and a SoftHSM2 token', () => {
  it('first and second signature: ENVIADO then EMITIDO; xmlsec1 verifies; the code is single use', async () => {
    const id = await certificateAwaitingSignature(t, r, tok.exportador);
    const first = await signerCode('first', id, tok.exportador);
    expect(first).toMatchObject({ target: 'COD', server: 'http://origem.test' });
    // Only the code's hash is kept.
    const rows = await queryRows(t.db, sql`select token_hash from signer_tokens where record_id = ${id}`);
    expect(rows).toEqual([{ token_hash: sha256(first.token) }]);

    const signed = await runSigner(first.token, '01');
    expect(signed.text).toContain('Certificado assinado e enviado para análise!');
    expect(signed.code).toBe(0);
    expect((await certificateRow(t.db, id))?.status).toBe('ENVIADO');
    const afterFirst = await storedCod(id);
    expect(afterFirst?.exporter_signer).toMatch(/^RESPONSAVEL LEGAL:/);
    expect(xmllintErrors(afterFirst?.xml ?? '', 'exporter_signed')).toBeNull();
    expect(xmlsecVerifies(afterFirst?.xml ?? '', 'COD', trust.trustPem)).toBe(true);

    const again = await runSigner(first.token, '01');
    expect(again.code).toBe(1);
    expect(again.text).toContain('já foi usado');

    await approveSigned(t, tok.analista, id);
    // The official's code is the official's: the exporter's user may not ask for it.
    const notOfficial = await t.request('GET', `/v1/certificate/second/signature/a3/${id}`, {
      token: tok.exportador,
    });
    expect(notOfficial.statusCode).toBe(403);
    const second = await signerCode('second', id, tok.analista);
    expect(second.target).toBe('CODEH');
    const done = await runSigner(second.token, '03');
    expect(done.text).toContain('EMITIDO');
    expect(done.code).toBe(0);
    const row = await certificateRow(t.db, id);
    expect(row?.status).toBe('EMITIDO');
    const complete = await storedCod(id);
    expect(complete?.stage).toBe('complete');
    expect(complete?.entity_signer).toMatch(/^OFICIAL DA ENTIDADE:/);
    expect(complete?.xml).toContain(`<CertificateID>${row?.certificate_number}</CertificateID>`);
    expect(xmllintErrors(complete?.xml ?? '', 'complete')).toBeNull();
    expect(xmlsecVerifies(complete?.xml ?? '', 'COD', trust.trustPem)).toBe(true);
    expect(xmlsecVerifies(complete?.xml ?? '', 'CODEH', trust.trustPem)).toBe(true);
    // The audit names the user who asked for the code.
    const audit = await queryRows<{ user_id: number | null }>(
      t.db,
      sql`select user_id from audits where auditable_id = ${id} and url like '%/v1/signer/document%' order by id`,
    );
    expect(audit.length).toBeGreaterThanOrEqual(2);
  }, 120_000);

  it('refuses a wrong CPF and another document with nothing changed; the code stays usable', async () => {
    const id = await certificateAwaitingSignature(t, r, tok.exportador);
    const { token: code } = await signerCode('first', id, tok.exportador);

    const wrong = await runSigner(code, '02');
    expect(wrong.code).toBe(1);
    expect(wrong.text).toMatch(/Assinatura não realizada: .*CPF/);
    // Another document than the one handed out (here: unsigned) is refused before its signature is looked at.
    const other = await t.request('POST', '/v1/signer/document', {
      headers: { 'x-signer-token': code },
      body: { xml: '<a/>' },
    });
    expect(other.statusCode).toBe(422);
    expect(other.json<{ message: string }>().message).toMatch(/XML/);
    expect((await certificateRow(t.db, id))?.status).toBe('AGUARDANDO_ASSINATURA');
    expect(await storedCod(id)).toBeUndefined();
    const [kept] = await t.db
      .select()
      .from(signerTokens)
      .where(eq(signerTokens.token_hash, sha256(code)));
    expect(kept?.used_at).toBeNull();

    // A newer code replaces it; the right key then signs.
    const newer = await signerCode('first', id, tok.exportador);
    expect((await runSigner(code, '01')).text).toContain('já foi usado');
    expect((await runSigner(newer.token, '01')).code).toBe(0);
    expect((await certificateRow(t.db, id))?.status).toBe('ENVIADO');
  }, 120_000);

  it('no code without the signature being due, without a session, or without a code', async () => {
    const id = await certificateAwaitingSignature(t, r, tok.exportador);
    const early = await t.request('GET', `/v1/certificate/second/signature/a3/${id}`, {
      token: tok.analista,
    });
    expect(early.statusCode).toBe(422);
    expect(early.json<{ message: string }>().message).toContain('não está disponível');
    expect((await t.request('GET', `/v1/certificate/first/signature/a3/${id}`)).statusCode).toBe(401);
    const none = await t.request('GET', '/v1/signer/document');
    expect(none.statusCode).toBe(401);
    expect(none.json<{ message: string }>().message).toContain('código de assinatura');
    // Signing out ends the codes of that session.
    const session = await t.login('exportador');
    const { token: code } = await signerCode('first', id, session);
    expect(
      (await t.request('GET', '/v1/signer/document', { headers: { 'x-signer-token': code } })).statusCode,
    ).toBe(200);
    expect((await t.request('DELETE', '/v1/oauth/token', { token: session })).statusCode).toBeLessThan(300);
    expect(
      (await t.request('GET', '/v1/signer/document', { headers: { 'x-signer-token': code } })).statusCode,
    ).toBe(401);
  });

  it('a code starting with "-": read as the screen writes it (--codigo=…); written apart, a Portuguese how-to', async () => {
    type Run = { code: number; text: string };
    const runCli = (...args: string[]): Promise<Run> =>
      exec(process.execPath, [cli, '--servidor', server, ...args, '--modulo', 'x']).then(
        (out) => ({ code: 0, text: out.stdout + out.stderr }),
        (err: { code: number; stdout: string; stderr: string }) => ({
          code: err.code,
          text: err.stdout + err.stderr,
        }),
      );
    const apart = await runCli('--codigo', '-Ab1');
    expect(apart.code).toBe(2);
    expect(apart.text).toContain('escreva a opção e o valor juntos, como --codigo=<código>');
    // Joined, the code reaches the server, which refuses an unknown one in its own words.
    const joined = await runCli('--codigo=-Ab1');
    expect(joined.code).toBe(1);
    expect(joined.text).toContain('código de assinatura');
  });

  it('GET /v1/signer/download gives the packaged program, or the Portuguese failure when it is missing', async () => {
    const res = await t.request('GET', '/v1/signer/download', { token: tok.exportador });
    expect(res.statusCode, res.body).toBe(200);
    const { url } = res.json<{ url: string }>();
    expect(url).toBe(`http://origem.test/downloads/${PACKAGE}`);
    const file = await t.request('GET', new URL(url).pathname);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(readFileSync(path.join(webDist, 'downloads', PACKAGE)))).toBe(true);
    renameSync(path.join(webDist, 'downloads'), path.join(webDist, 'hidden'));
    try {
      const missing = await t.request('GET', '/v1/signer/download', { token: tok.exportador });
      expect(missing.statusCode).toBe(404);
      expect(missing.json<{ message: string }>().message).toBe(SIGNER_DOWNLOAD_FAILED);
    } finally {
      renameSync(path.join(webDist, 'hidden'), path.join(webDist, 'downloads'));
    }
  });
});
