import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pkcs12Of, testCa, testPerson } from '../../documents/signing/test-pki';
import { verifyPart } from '../../documents/signing/xmldsig';
import { xmlsecVerifies } from '../../documents/signing/xmlsec';
import { DECLARATION_PART } from '../../documents/xml/declaration';
import type { TestApp } from '../../test/app';
import { a1Form, signingTrust } from '../../test/signing';
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
} from './test-support';

/**
 * The legal representative's A1 signature of a declaration (DOMAIN.md §3, §5) through POST signature/a1/{id}: a good
 * signature is stored (XML that xmlsec1 verifies against the test CA, signed_at, the representative's CPF, audit),
 * the analyst then approves by it (digitally_signed → APROVADA); wrong CPF, expired, untrusted CA, wrong password,
 * wrong state and another exporter's user are refused and change nothing; a rejection drops the signature.
 */

let t: TestApp;
let r: DemoRefs;
let tok: Record<'exportador' | 'analista', string>;
const { ca, env, remove, trustPem } = await signingTrust('declaration-trust-');
const rogue = testCa('AC Estranha');
let repCpf = '';
const BASE = '/v1/declaration';

beforeAll(async () => {
  ({ t, r, tok } = await openDeclarationSuite(['exportador', 'analista'], env));
  repCpf = await representativeCpf(t.db, r.exporterRepresentative);
  expect(repCpf).toMatch(/^\d{11}$/);
}, 60_000);
afterAll(async () => {
  await t?.close();
  await remove();
});

const representative = (overrides: Partial<Parameters<typeof testPerson>[1]> = {}) =>
  pkcs12Of(testPerson(ca, { name: 'RESPONSAVEL LEGAL', cpf: repCpf, ...overrides }), 'segredo', ca);

const sign = (id: number, body: ReturnType<typeof a1Form>, token = tok.exportador) =>
  t.request('POST', `${BASE}/signature/a1/${id}`, { token, ...body });

/** A declaration of the demo exporter, sent (and taken by the analyst when `take`). */
const sent = (take = true) => sentDeclaration(t, tok, exporterDeclaration(r), take);
const signedFiles = (id: number) => signedXmlFiles(t.db, id);
const snapshot = (id: number) => signatureSnapshot(t.db, id);

/** xmlsec1 verifies the enveloped signature trusting only the test CA (it checks the chain too). */
const xmlsecVerifiesDeclaration = (xml: string) => xmlsecVerifies(xml, DECLARATION_PART, trustPem);

type Detail = {
  status: string;
  signed_at: string | null;
  signed_by_cpf: string | null;
  actions: string[];
  can: { sign: boolean };
};

describe('A1 signature of a declaration', () => {
  it('signs, stores the XML xmlsec1 verifies, records who and when; the analyst approves by it', async () => {
    const id = await sent();
    const before = await t.request('GET', `${BASE}/${id}`, { token: tok.exportador });
    expect(before.json<Detail>().can.sign).toBe(true);
    const notYet = await t.request('GET', `${BASE}/xml/download/${id}`, { token: tok.exportador });
    expect(notYet.statusCode).toBe(404);
    expect(notYet.json<{ message: string }>().message).toContain('ainda não foi assinada');
    const audits = (await auditsOf(t.db, 'declaration', id)).length;

    const res = await sign(id, a1Form(representative()));
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json<{ message: string; declaration: Detail }>();
    expect(answer.message).toContain('assinada digitalmente com sucesso');
    expect(answer.declaration).toMatchObject({
      status: 'EM_ANALISE',
      signed_by_cpf: repCpf,
      can: { sign: false },
    });
    expect(answer.declaration.signed_at).not.toBeNull();

    const trail = await auditsOf(t.db, 'declaration', id);
    expect(trail.length).toBe(audits + 1);
    const [file] = await signedFiles(id);
    expect(file?.mime_type).toBe('application/xml');

    const download = await t.request('GET', `${BASE}/xml/download/${id}`, { token: tok.analista });
    expect(download.statusCode, download.body).toBe(200);
    expect(download.headers['content-disposition']).toContain(`declaracao-${id}.xml`);
    expect(download.body).toContain('<Declaration id="Declaration">');
    expect(download.body).toContain(`<CPF>${repCpf}</CPF>`);
    verifyPart(download.body, DECLARATION_PART);
    expect(xmlsecVerifiesDeclaration(download.body)).toBe(true);
    expect(
      xmlsecVerifiesDeclaration(download.body.replace('<ProductionProcess>', '<ProductionProcess>X')),
    ).toBe(false);

    // Signed once: a second signature is refused.
    const again = await sign(id, a1Form(representative()));
    expect(again.statusCode).toBe(422);
    expect(again.json<{ message: string }>().message).toContain('já foi assinada');

    const approved = await t.request('POST', `${BASE}/digitally_signed/${id}`, { token: tok.analista });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json<{ declaration: Detail }>().declaration.status).toBe('APROVADA');
  });

  it('an ENVIADA declaration may be signed before an analyst takes it', async () => {
    const id = await sent(false);
    const res = await sign(id, a1Form(representative()));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ declaration: Detail }>().declaration.status).toBe('ENVIADA');
  });

  const refusals: [string, () => Buffer, string | undefined, string][] = [
    [
      'another CPF',
      () => representative({ cpf: '11144477735' }),
      undefined,
      'não é o CPF do responsável legal',
    ],
    [
      'an expired certificate',
      () =>
        representative({
          notBefore: new Date(Date.now() - 400 * 86_400_000),
          notAfter: new Date(Date.now() - 30 * 86_400_000),
        }),
      undefined,
      'não estava válido',
    ],
    [
      'an untrusted CA',
      () => pkcs12Of(testPerson(rogue, { name: 'RESPONSAVEL LEGAL', cpf: repCpf }), 'segredo', rogue),
      undefined,
      'autoridade certificadora confiável',
    ],
    ['a wrong password', () => representative(), 'errada', 'verifique o arquivo (.pfx/.p12) e a senha'],
  ];
  for (const [what, p12, password, message] of refusals) {
    it(`refuses ${what} with a 422 in Portuguese and changes nothing`, async () => {
      const id = await sent();
      const before = await snapshot(id);
      const res = await sign(id, a1Form(p12(), password));
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json<{ message: string }>().message).toContain(message);
      expect(await snapshot(id)).toEqual(before);
    });
  }

  it('refuses a draft and an approved declaration (wrong state)', async () => {
    const res = await t.request('POST', BASE, { token: tok.exportador, body: exporterDeclaration(r) });
    const draft = res.json<{ id: number }>().id;
    const before = await snapshot(draft);
    const refused = await sign(draft, a1Form(representative()));
    expect(refused.statusCode).toBe(422);
    expect(refused.json<{ message: string }>().message).toContain('situação atual é "Rascunho"');
    expect(await snapshot(draft)).toEqual(before);

    const id = await sent();
    const delivered = await t.request('POST', `${BASE}/approve_delivery/${id}`, {
      token: tok.analista,
      body: { delivery_location_id: r.location },
    });
    expect(delivered.statusCode, delivered.body).toBe(200);
    const approvedBefore = await snapshot(id);
    const late = await sign(id, a1Form(representative()));
    expect(late.statusCode).toBe(422);
    expect(late.json<{ message: string }>().message).toContain('"Aprovada"');
    expect(await snapshot(id)).toEqual(approvedBefore);
  });

  it("another exporter's user gets a 404; the analyst (no declaration.create) a 403", async () => {
    const id = await sent();
    const { token: otherToken } = await addExporterWithUser(
      t,
      r.association,
      7,
      'Exportadora Assinante Alheia Ltda.',
      'assinante.alheio@teste.local',
    );
    const before = await snapshot(id);
    expect((await sign(id, a1Form(representative()), otherToken)).statusCode).toBe(404);
    expect((await sign(id, a1Form(representative()), tok.analista)).statusCode).toBe(403);
    expect(await snapshot(id)).toEqual(before);
  });

  it('a form without the file or the password is a 422 on the field', async () => {
    const id = await sent();
    const noPassword = await sign(id, a1Form(representative(), ''));
    expect(noPassword.statusCode).toBe(422);
    expect(noPassword.body).toContain('Informe a senha do certificado A1.');
  });

  it('a rejection drops the signature: the corrected declaration must be signed again', async () => {
    const id = await sent();
    expect((await sign(id, a1Form(representative()))).statusCode).toBe(200);
    const rejected = await t.request('POST', `${BASE}/reject/${id}`, {
      token: tok.analista,
      body: { reason: 'Processo produtivo incompleto' },
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json<{ declaration: Detail }>().declaration).toMatchObject({
      status: 'REPROVADA',
      signed_at: null,
      signed_by_cpf: null,
    });
    expect(await signedFiles(id)).toEqual([]);
    expect((await t.request('GET', `${BASE}/xml/download/${id}`, { token: tok.exportador })).statusCode).toBe(
      404,
    );
  });
});
