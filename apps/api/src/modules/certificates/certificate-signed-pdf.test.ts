import { certificateMessages as text } from '@origem/contract/schemas/certificates';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseTrustList } from '../../documents/signing/certificate';
import { SignatureRefused } from '../../documents/signing/errors';
import { verifyPdfSignature } from '../../documents/signing/pades-inspect';
import { pkcs12Of, testCa, testPerson } from '../../documents/signing/test-pki';
import { findOwnerFile } from '../../files/records';
import type { TestApp } from '../../test/app';
import { pdfText } from '../../test/pdf';
import { a1Form, expectSealedPdf, signingTrust } from '../../test/signing';
import { representativeCpf } from '../declarations/test-support';
import { CERTIFICATE_COPIES_JOB } from './issued-copies';
import {
  approvedDeclaration,
  type CertificateRefs,
  certificateBody,
  certificateRow,
  entityOfficialCpf,
  openCertificateSuite,
  uploadInvoice,
} from './test-support';

/**
 * GET print-signed/{id} through the real routes: a digital certificate signed by the exporter and the entity (A1),
 * then its PDF carries the server's PAdES seal — valid for pdfsig, trusted by our verifier, refused once a byte
 * changes — and before the second signature it is a 404 with the reason.
 */

let t: TestApp;
let r: CertificateRefs;
let tok: Record<'exportador' | 'analista', string>;
const { ca, env, remove, trustPem } = await signingTrust('pades-route-', { seal: true });
const trust = parseTrustList(trustPem);
const BASE = '/v1/certificate';
let signedId = 0;

beforeAll(async () => {
  ({ t, r, tok } = await openCertificateSuite(['exportador', 'analista'], env));
}, 60_000);
afterAll(async () => {
  await t?.close();
  await remove();
});

async function ok(method: 'GET' | 'POST' | 'PATCH', url: string, token: string, extra = {}) {
  const res = await t.request(method, url, { token, ...extra });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
}

const printSigned = (id: number, token = tok.exportador, headers: Record<string, string> = {}) =>
  t.request('GET', `${BASE}/print-signed/${id}`, { token, headers });

describe('print-signed: the PAdES-signed certificate PDF', () => {
  it('exists only after both COD signatures; then pdfsig and our verifier find it valid', async () => {
    const dec = await approvedDeclaration(t.db, r);
    const created = await t.request('POST', BASE, {
      token: tok.exportador,
      body: certificateBody(r, [dec], { has_digital_signature: true }),
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<{ id: number }>().id;
    const detail = (await t.request('GET', `${BASE}/${id}`, { token: tok.exportador })).json<{
      items: { id: number }[];
    }>();
    const items = detail.items.map((item) => ({
      id: item.id,
      ncm_description: 'Café torrado, não descafeinado',
    }));
    await ok('PATCH', `${BASE}/select_ncm`, tok.exportador, { body: { certificate_id: id, items } });
    expect((await uploadInvoice(t, tok.exportador, id)).statusCode).toBe(200);
    await ok('POST', `${BASE}/send_analysis/${id}`, tok.exportador);

    const representative = testPerson(ca, {
      name: 'RESPONSAVEL LEGAL',
      cpf: await representativeCpf(t.db, r.exporterRepresentative),
    });
    await ok(
      'POST',
      `${BASE}/first/signature/xml/a1/${id}`,
      tok.exportador,
      a1Form(pkcs12Of(representative, 'segredo')),
    );
    await ok('GET', `${BASE}/send_analyzing/${id}?type_analysis=analise`, tok.analista);
    await ok('POST', `${BASE}/approve/${id}`, tok.analista);

    // Signed by the exporter only: no signed copy yet.
    const early = await printSigned(id);
    expect(early.statusCode).toBe(404);
    expect(early.json<{ message: string }>().message).toBe(text.signedPdfMissing);

    const official = testPerson(ca, { name: 'OFICIAL DA ENTIDADE', cpf: await entityOfficialCpf(t.db) });
    await ok(
      'POST',
      `${BASE}/second/signature/xml/a1/${id}`,
      tok.analista,
      a1Form(pkcs12Of(official, 'segredo')),
    );
    const row = await certificateRow(t.db, id);
    expect(row?.status).toBe('EMITIDO');
    signedId = id;

    const sealed = await printSigned(id);
    const pdf = expectSealedPdf(sealed, `certificado-${row?.certificate_number}.pdf`);
    expect(pdfText(pdf).replace(/\s+/g, '')).toContain(row?.certificate_number ?? '?');

    const verified = verifyPdfSignature(pdf, { trust });
    expect(verified.signer.commonName).toBe('ASSOCIACAO COMERCIAL SELO:11222333000');
    // Sealed once and stored (issue 39): the analyst gets the same bytes, signing time included, and the same ETag;
    // the job the issue queued finds the copy there and keeps it.
    const again = await printSigned(id, tok.analista);
    expect(again.rawPayload.equals(pdf)).toBe(true);
    expect(again.headers.etag).toBe(sealed.headers.etag);
    const stored = await findOwnerFile(t.db, { type: 'certificate', id }, 'signed_pdf');
    expect(sealed.headers.etag).toBe(`"${stored?.sha256}"`);
    await t.app.jobs.runDue([CERTIFICATE_COPIES_JOB]);
    expect((await findOwnerFile(t.db, { type: 'certificate', id }, 'signed_pdf'))?.storage_key).toBe(
      stored?.storage_key,
    );
    expect(
      (await printSigned(id, tok.analista, { 'if-none-match': String(sealed.headers.etag) })).statusCode,
    ).toBe(304);
    // A flipped byte in the signed range is refused by our verifier.
    const tampered = Buffer.from(pdf);
    tampered[200] = (tampered[200] ?? 0) ^ 0x01;
    expect(() => verifyPdfSignature(tampered, { trust })).toThrow(SignatureRefused);
    // The verifier with another trust list refuses the seal.
    expect(() => verifyPdfSignature(pdf, { trust: parseTrustList(testCa('Outra AC').certPem) })).toThrow(
      /confiável/,
    );
  }, 90_000);

  it('is a 404 for a certificate outside the user’s reach or that does not exist', async () => {
    expect((await printSigned(999_999)).statusCode).toBe(404);
    expect((await printSigned(signedId, await t.login('despachante'))).statusCode).toBe(404);
    expect((await t.request('GET', `${BASE}/print-signed/1`)).statusCode).toBe(401);
  });
});
