import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { declarationMessages as text } from '@origem/contract/schemas/declarations';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { legalRepresentatives } from '../../db/schema';
import { parseTrustList } from '../../documents/signing/certificate';
import { verifyPdfSignature } from '../../documents/signing/pades';
import { pkcs12Of, testCa, testPerson } from '../../documents/signing/test-pki';
import { createTestApp, type TestApp } from '../../test/app';
import { multipart } from '../../test/multipart';
import { pdfSignatures } from '../../test/pdf';
import { type DemoRefs, demoRefs, exporterDeclaration, insertNcm } from './test-support';

/**
 * GET /v1/declaration/print-signed/{id} through the real routes: a declaration signed by its legal representative
 * (A1) and approved by that signature (digitally_signed) gets its PDF sealed with PAdES by the entity seal — valid
 * for pdfsig and our verifier — and before the approval it is a 404 with the reason.
 */

const BASE = '/v1/declaration';
const dir = mkdtempSync(path.join(tmpdir(), 'declaration-pades-'));
const ca = testCa();
let t: TestApp;
let r: DemoRefs;
let tok: Record<'exportador' | 'analista', string>;

beforeAll(async () => {
  writeFileSync(path.join(dir, 'trust.pem'), ca.certPem);
  const seal = testPerson(ca, { name: 'ASSOCIACAO COMERCIAL SELO', cpf: '11222333000' });
  writeFileSync(path.join(dir, 'seal.pfx'), pkcs12Of(seal, 'selo-secreto', ca));
  t = await createTestApp({
    SIGNATURE_TRUST_PEM: path.join(dir, 'trust.pem'),
    SIGNATURE_SEAL_PFX: path.join(dir, 'seal.pfx'),
    SIGNATURE_SEAL_PASSWORD: 'selo-secreto',
  });
  await insertNcm(t.db);
  r = await demoRefs(t.db);
  tok = { exportador: await t.login('exportador'), analista: await t.login('analista') };
}, 60_000);
afterAll(async () => {
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
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
    const created = await t.request('POST', BASE, { token: tok.exportador, body: exporterDeclaration(r) });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<{ id: number }>().id;
    await ok('POST', `${BASE}/send_analysis/${id}`, tok.exportador);
    await ok('GET', `${BASE}/send_analyzing/${id}?type_analysis=analise`, tok.analista);
    const [rep] = await t.db
      .select({ cpf: legalRepresentatives.cpf })
      .from(legalRepresentatives)
      .where(eq(legalRepresentatives.id, r.exporterRepresentative));
    const representative = testPerson(ca, { name: 'RESPONSAVEL LEGAL', cpf: rep?.cpf ?? '' });
    await ok('POST', `${BASE}/signature/a1/${id}`, tok.exportador, {
      ...multipart({
        password: 'segredo',
        certificate: {
          filename: 'a1.pfx',
          content: pkcs12Of(representative, 'segredo', ca),
          contentType: 'application/x-pkcs12',
        },
      }),
    });

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

    const res = await printSigned(id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(`declaracao-${id}.pdf`);
    const pdf = res.rawPayload;
    const report = pdfSignatures(pdf);
    expect(report).toContain('Signature is Valid.');
    expect(report).toContain('Signature Type: ETSI.CAdES.detached');
    expect(report).toContain('Total document signed');
    expect(report).toContain('ASSOCIACAO COMERCIAL SELO:11222333000');
    const verified = verifyPdfSignature(pdf, { trust: parseTrustList(ca.certPem) });
    expect(verified.signer.commonName).toBe('ASSOCIACAO COMERCIAL SELO:11222333000');
    // The analyst reads it too.
    expect((await printSigned(id, tok.analista)).statusCode).toBe(200);
  });

  it('a declaration approved on delivery (no digital signature) has no sealed copy', async () => {
    const created = await t.request('POST', BASE, { token: tok.exportador, body: exporterDeclaration(r) });
    const id = created.json<{ id: number }>().id;
    await ok('POST', `${BASE}/send_analysis/${id}`, tok.exportador);
    await ok('GET', `${BASE}/send_analyzing/${id}?type_analysis=analise`, tok.analista);
    const delivered = await ok('POST', `${BASE}/approve_delivery/${id}`, tok.analista, {
      body: { delivery_location_id: r.location },
    });
    expect(delivered.json<{ declaration: { has_signed_pdf: boolean } }>().declaration.has_signed_pdf).toBe(
      false,
    );
    expect((await printSigned(id)).statusCode).toBe(404);
  });
});
