import { declarationMessages as text } from '@origem/contract/schemas/declarations';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseTrustList } from '../../documents/signing/certificate';
import { verifyPdfSignature } from '../../documents/signing/pades-inspect';
import { pkcs12Of, testPerson } from '../../documents/signing/test-pki';
import type { TestApp } from '../../test/app';
import { a1Form, expectSealedPdf, signingTrust } from '../../test/signing';
import {
  type DemoRefs,
  exporterDeclaration,
  openDeclarationSuite,
  representativeCpf,
  sentDeclaration,
} from './test-support';

/**
 * GET /v1/declaration/print-signed/{id} through the real routes: a declaration signed by its legal representative
 * (A1) and approved by that signature (digitally_signed) gets its PDF sealed with PAdES by the entity seal — valid
 * for pdfsig and our verifier — and before the approval it is a 404 with the reason.
 */

const BASE = '/v1/declaration';
const { ca, env, remove, trustPem } = await signingTrust('declaration-pades-', { seal: true });
let t: TestApp;
let r: DemoRefs;
let tok: Record<'exportador' | 'analista', string>;

beforeAll(async () => {
  ({ t, r, tok } = await openDeclarationSuite(['exportador', 'analista'], env));
}, 60_000);
afterAll(async () => {
  await t?.close();
  await remove();
});

async function ok(method: 'GET' | 'POST', url: string, token: string, extra = {}) {
  const res = await t.request(method, url, { token, ...extra });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res;
}

const printSigned = (id: number, token = tok.exportador) =>
  t.request('GET', `${BASE}/print-signed/${id}`, { token });

describe('print-signed: the PAdES-sealed declaration PDF', () => {
  it('exists once approved by the representative’s signature; then pdfsig and our verifier find it valid', async () => {
    const id = await sentDeclaration(t, tok, exporterDeclaration(r));
    const representative = testPerson(ca, {
      name: 'RESPONSAVEL LEGAL',
      cpf: await representativeCpf(t.db, r.exporterRepresentative),
    });
    await ok(
      'POST',
      `${BASE}/signature/a1/${id}`,
      tok.exportador,
      a1Form(pkcs12Of(representative, 'segredo', ca)),
    );

    // Signed but not yet approved: no sealed copy.
    const early = await printSigned(id);
    expect(early.statusCode).toBe(404);
    expect(early.json<{ message: string }>().message).toBe(text.signedPdfMissing);

    const approved = await ok('POST', `${BASE}/digitally_signed/${id}`, tok.analista);
    expect(
      approved.json<{ declaration: { status: string; has_signed_pdf: boolean } }>().declaration,
    ).toMatchObject({
      status: 'APROVADA',
      has_signed_pdf: true,
    });

    const pdf = expectSealedPdf(await printSigned(id), `declaracao-${id}.pdf`);
    const verified = verifyPdfSignature(pdf, { trust: parseTrustList(trustPem) });
    expect(verified.signer.commonName).toBe('ASSOCIACAO COMERCIAL SELO:11222333000');
    // The analyst reads it too.
    expect((await printSigned(id, tok.analista)).statusCode).toBe(200);
  });

  it('a declaration approved on delivery (no digital signature) has no sealed copy', async () => {
    const id = await sentDeclaration(t, tok, exporterDeclaration(r));
    const delivered = await ok('POST', `${BASE}/approve_delivery/${id}`, tok.analista, {
      body: { delivery_location_id: r.location },
    });
    expect(delivered.json<{ declaration: { has_signed_pdf: boolean } }>().declaration.has_signed_pdf).toBe(
      false,
    );
    expect((await printSigned(id)).statusCode).toBe(404);
  });
});
