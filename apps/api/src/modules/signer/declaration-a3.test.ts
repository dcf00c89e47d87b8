import type { SignerSession } from '@origem/contract/schemas/signer';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signerTokens } from '../../db/schema';
import { type SoftToken, softHsmAvailable } from '../../documents/signing/softhsm';
import { xmlsecVerifies } from '../../documents/signing/xmlsec';
import { DECLARATION_PART } from '../../documents/xml/declaration';
import { sha256 } from '../../lib/secrets';
import type { TestApp } from '../../test/app';
import { signingTrust } from '../../test/signing';
import {
  addExporterWithUser,
  auditsOf,
  type DemoRefs,
  exporterDeclaration,
  openDeclarationSuite,
  representativeCpf,
  sentDeclaration,
  signatureSnapshot,
  signedXmlFiles,
} from '../declarations/test-support';
import { eCpfToken, listen, packSigner, runSigner as run } from './test-support';

/**
 * A declaration's A3 signature end to end (DOMAIN.md §3, §5): GET /v1/declaration/signature/a3/{id} issues the
 * code, the packaged signer program signs `#Declaration` on a SoftHSM2 token and posts it; the server verifies it
 * through the A1 path's step (stored XML that xmlsec1 verifies, signed_at, the representative's CPF, audit) and the
 * analyst then approves by it. The code is single use; a wrong CPF, a changed declaration, another exporter's user
 * and a wrong state are refused with nothing changed.
 */

const BASE = '/v1/declaration';
const trust = await signingTrust('declaration-a3-');
const { dir, env, remove } = trust;
let t: TestApp;
let r: DemoRefs;
let tok: Record<'exportador' | 'analista', string>;
let token: SoftToken;
let server = '';
let cli = '';
let repCpf = '';

beforeAll(async () => {
  if (!softHsmAvailable) return;
  const packed = packSigner(dir);
  cli = packed.cli;
  ({ t, r, tok } = await openDeclarationSuite(['exportador', 'analista'], {
    ...env,
    WEB_DIST: packed.webDist,
  }));
  repCpf = await representativeCpf(t.db, r.exporterRepresentative);
  expect(repCpf).toMatch(/^\d{11}$/);
  token = eCpfToken(trust, [
    ['01', 'RESPONSAVEL LEGAL', repCpf],
    ['02', 'OUTRA PESSOA', '11144477735'],
  ]);
  server = await listen(t);
}, 120_000);
afterAll(async () => {
  await t?.close();
  await remove();
});

const runSigner = (code: string, id: string) => run(cli, server, token, code, id);

/** A declaration of the demo exporter, sent and taken by the analyst. */
const sent = () => sentDeclaration(t, tok, exporterDeclaration(r));

async function signerCode(id: number, as = tok.exportador): Promise<SignerSession> {
  const res = await t.request('GET', `${BASE}/signature/a3/${id}`, { token: as });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<SignerSession>();
}

const signedFiles = (id: number) => signedXmlFiles(t.db, id);
/** What a refusal must leave as it was. */
const snapshot = (id: number) => signatureSnapshot(t.db, id);

const unused = async (code: string) =>
  (
    await t.db
      .select()
      .from(signerTokens)
      .where(eq(signerTokens.token_hash, sha256(code)))
  )[0]?.used_at === null;

describe.skipIf(!softHsmAvailable)('A3 signature of a declaration through the signer program', () => {
  it('signs #Declaration on the token: stored, xmlsec1 verifies, single use; the analyst approves by it', async () => {
    const id = await sent();
    const audits = (await auditsOf(t.db, 'declaration', id)).length;
    const session = await signerCode(id);
    expect(session.target).toBe('Declaration');
    const doc = await t.request('GET', '/v1/signer/document', {
      headers: { 'x-signer-token': session.token },
    });
    expect(doc.json<{ xml: string; signer: string }>()).toMatchObject({
      signer: expect.stringContaining('responsável legal da declaração'),
      xml: expect.stringContaining(`<CPF>${repCpf}</CPF>`),
    });

    const signed = await runSigner(session.token, '01');
    expect(signed.text).toContain('Assinatura da declaração de origem');
    expect(signed.text).toContain('assinada digitalmente com sucesso');
    expect(signed.code).toBe(0);

    const detail = await t.request('GET', `${BASE}/${id}`, { token: tok.exportador });
    expect(detail.json()).toMatchObject({
      status: 'EM_ANALISE',
      signed_by_cpf: repCpf,
      can: { sign: false },
    });
    expect(detail.json<{ signed_at: string | null }>().signed_at).not.toBeNull();
    const trail = await auditsOf(t.db, 'declaration', id);
    expect(trail.length).toBe(audits + 1);
    const [file] = await signedFiles(id);
    expect(file?.mime_type).toBe('application/xml');
    const xml = await t.request('GET', `${BASE}/xml/download/${id}`, { token: tok.analista });
    expect(xml.statusCode, xml.body).toBe(200);
    expect(xmlsecVerifies(xml.body, DECLARATION_PART, trust.trustPem)).toBe(true);
    expect(
      xmlsecVerifies(
        xml.body.replace('<ProductionProcess>', '<ProductionProcess>X'),
        DECLARATION_PART,
        trust.trustPem,
      ),
    ).toBe(false);

    const again = await runSigner(session.token, '01');
    expect(again.code).toBe(1);
    expect(again.text).toContain('já foi usado');
    // Signed once: no new code either.
    const late = await t.request('GET', `${BASE}/signature/a3/${id}`, { token: tok.exportador });
    expect(late.statusCode).toBe(422);
    expect(late.json<{ message: string }>().message).toContain('já foi assinada');

    const approved = await t.request('POST', `${BASE}/digitally_signed/${id}`, { token: tok.analista });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json<{ declaration: { status: string } }>().declaration.status).toBe('APROVADA');
  }, 120_000);

  it('refuses a wrong CPF and another document with nothing changed; the code stays usable', async () => {
    const id = await sent();
    const before = await snapshot(id);
    const { token: code } = await signerCode(id);
    const wrong = await runSigner(code, '02');
    expect(wrong.code).toBe(1);
    expect(wrong.text).toMatch(/Assinatura não realizada: .*CPF/);
    const other = await t.request('POST', '/v1/signer/document', {
      headers: { 'x-signer-token': code },
      body: { xml: '<a/>' },
    });
    expect(other.statusCode).toBe(422);
    expect(await snapshot(id)).toEqual(before);
    expect(await unused(code)).toBe(true);
    expect((await runSigner(code, '01')).code).toBe(0);
  }, 120_000);

  it('a code issued before a rejection and a correction is refused: the facts changed', async () => {
    const id = await sent();
    const { token: code } = await signerCode(id);
    const rejected = await t.request('POST', `${BASE}/reject/${id}`, {
      token: tok.analista,
      body: { reason: 'Processo produtivo incompleto' },
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    const edited = await t.request('PUT', `${BASE}/${id}`, {
      token: tok.exportador,
      body: exporterDeclaration(r, { production_process: 'Processo produtivo corrigido e completo.' }),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(
      (await t.request('POST', `${BASE}/send_analysis/${id}`, { token: tok.exportador })).statusCode,
    ).toBe(200);
    const before = await snapshot(id);
    const stale = await runSigner(code, '01');
    expect(stale.code).toBe(1);
    expect(stale.text).toContain('foi alterada depois que o código de assinatura foi gerado');
    expect(await snapshot(id)).toEqual(before);
  }, 120_000);

  it('no code in a draft, for the analyst, or for another exporter’s user', async () => {
    const res = await t.request('POST', BASE, { token: tok.exportador, body: exporterDeclaration(r) });
    const draft = res.json<{ id: number }>().id;
    const early = await t.request('GET', `${BASE}/signature/a3/${draft}`, { token: tok.exportador });
    expect(early.statusCode).toBe(422);
    expect(early.json<{ message: string }>().message).toContain('"Rascunho"');
    const id = await sent();
    expect((await t.request('GET', `${BASE}/signature/a3/${id}`, { token: tok.analista })).statusCode).toBe(
      403,
    );
    const { token: otherToken } = await addExporterWithUser(
      t,
      r.association,
      8,
      'Exportadora A3 Alheia Ltda.',
      'a3.alheio@teste.local',
    );
    expect((await t.request('GET', `${BASE}/signature/a3/${id}`, { token: otherToken })).statusCode).toBe(
      404,
    );
    expect(await t.db.select().from(signerTokens).where(eq(signerTokens.record_id, id))).toEqual([]);
  });
});
