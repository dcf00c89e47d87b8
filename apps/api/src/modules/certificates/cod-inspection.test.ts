import { readFileSync } from 'node:fs';
import { certificateFlow, stateLabel } from '@origem/contract/flows';
import { type CodInspection, codInspectionPaths } from '@origem/contract/schemas/cod-inspection';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { certificateCods, certificates } from '../../db/schema';
import { type SeriesCertificate, testPersonSeries } from '../../documents/signing/test-pki-series';
import { signCod } from '../../documents/signing/xmldsig';
import { ca, exporter, official, signedCod } from '../../documents/xml/fixtures/signed-cod';
import { createTestApp, loginAll, type TestApp } from '../../test/app';
import { multipart } from '../../test/multipart';
import { signingTrust } from '../../test/signing';

/**
 * Issue 14 through the routes: the back office's inspection (staff only) and the public page's (no sign-in, CPFs
 * partly hidden) over ALADI's real samples and a COD the product signed; what is not a COD is a Portuguese 4xx.
 */

const ISSUED = certificateFlow.actions.approve.to;

let t: TestApp;
let tok: Record<'analista' | 'federacao' | 'exportador', string>;
const { env, remove } = await signingTrust('cod-inspect-', { ca });
const sample = (name: string) =>
  readFileSync(new URL(`../../documents/xml/fixtures/${name}`, import.meta.url));

beforeAll(async () => {
  t = await createTestApp(env);
  tok = await loginAll(t, ['analista', 'federacao', 'exportador']);
}, 60_000);
afterAll(async () => {
  await t?.close();
  await remove();
});

const upload = (content: Buffer | string, token?: string, url: string = codInspectionPaths.staff) =>
  t.request('POST', url, {
    token,
    ...multipart({
      file: { filename: 'cod.xml', content: Buffer.from(content), contentType: 'application/xml' },
    }),
  });

describe('POST /v1/certificate/cod/inspect (back office)', () => {
  it('summarises the real Brazilian sample for an analyst and a federation user', async () => {
    for (const token of [tok.analista, tok.federacao]) {
      const res = await upload(sample('br-a14-forma14-certified-unsigned.xml'), token);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json<CodInspection>();
      expect(body).toMatchObject({
        form: 'A14',
        stage: 'certified',
        certificate_id: 'BR036A14160000000500',
        exporter: { name: 'IVECO LATIN AMERICA LTDA' },
        importer: { name: 'IVECO ARGENTINA S.A.', country: 'AR' },
        schema: { valid: true },
        valid: false,
      });
      expect(body.items.map((i) => i.code)).toEqual(['8704.22.10']);
    }
  });

  it('a COD the product signed: both signatures valid, full CPFs for staff', async () => {
    const res = await upload(signedCod(), tok.analista);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<CodInspection>();
    expect(body.valid).toBe(true);
    expect(body.signatures.map((s) => [s.status, s.signer_name, s.signer_cpf])).toEqual([
      ['valid', 'MARIA EXPORTADORA', '123.456.789-09'],
      ['valid', 'JOAO DA ENTIDADE', '987.654.321-00'],
    ]);
  });

  it('an incoming Colombian FormA72 in 4.1.0 (a form and version the product does not write), signed: all read', async () => {
    // The hand-built file, dated now so the suite's signers hold on its dates, signed by exporter then entity.
    const now = new Date().toISOString().slice(0, 19);
    const xml = sample('co-a72-4.1.0-certified.xml')
      .toString()
      .replace(/<DeclarationDate>[^<]*</, `<DeclarationDate>${now}Z<`)
      .replace(/<CertificateDate>[^<]*</, `<CertificateDate>${now}Z<`);
    const signed = signCod(
      signCod(xml, 'COD', exporter.keyPem, exporter.certPem),
      'CODEH',
      official.keyPem,
      official.certPem,
    );
    const res = await upload(signed, tok.analista);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<CodInspection>();
    expect(body.problems).toEqual([]);
    expect(body).toMatchObject({
      valid: true,
      stage: 'complete',
      version: '4.1.0',
      form: 'A72',
      agreement_acronym: 'A72',
      certificate_id: 'COMCTA72260000088121',
      schema: { file: 'cod_ver_4.1.0.xsd', valid: true, errors: [] },
      record: { match: 'unknown' },
    });
    expect(body.signatures.map((sig) => [sig.target, sig.status, sig.signer_name])).toEqual([
      ['COD', 'valid', 'MARIA EXPORTADORA'],
      ['CODEH', 'valid', 'JOAO DA ENTIDADE'],
    ]);
  });

  it('exporters and anonymous callers are refused', async () => {
    expect((await upload(signedCod(), tok.exportador)).statusCode).toBe(403);
    expect((await upload(signedCod())).statusCode).toBe(401);
  });
});

describe('POST /v1/certificate/verification/cod (public page)', () => {
  it('no sign-in; a tampered COD shows the refused signature and its reason; CPFs partly hidden', async () => {
    const ok = await upload(signedCod(), undefined, codInspectionPaths.public);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json<CodInspection>().signatures.map((s) => s.signer_cpf)).toEqual([
      '***.456.789-**',
      '***.654.321-**',
    ]);
    const tampered = signedCod().replace('BR036A18260000012300', 'BR036A18260000099900');
    const res = await upload(tampered, undefined, codInspectionPaths.public);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<CodInspection>();
    expect(body.certificate_id).toBe('BR036A18260000099900');
    expect(body.signatures.map((s) => s.status)).toEqual(['valid', 'invalid']);
    expect(body.problems).toEqual([
      'A assinatura da entidade não confere: o documento foi alterado depois de assinado ou a assinatura é inválida.',
    ]);
  });

  it('signers whose certificates are 960 and 1007 bytes (base64 filling its last line, once refused): valid', async () => {
    const series = testPersonSeries(ca, { from: 960, to: 1007 });
    const [exporter, official] = [series[0], series[series.length - 1]] as [
      SeriesCertificate,
      SeriesCertificate,
    ];
    expect([exporter.der.length, official.der.length]).toEqual([960, 1007]);
    const res = await upload(signedCod({ exporter, official }), undefined, codInspectionPaths.public);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<CodInspection>();
    expect(body.problems).toEqual([]);
    expect(body.signatures.map((s) => [s.status, s.signer_name, s.signer_cpf])).toEqual([
      ['valid', 'MARIA S', '***.456.789-**'],
      ['valid', 'MARIA S', '***.456.789-**'],
    ]);
  });

  it('what is not a COD is a Portuguese 4xx, never a 500: XXE, broken XML, NUL bytes, too large, no file', async () => {
    const xxe = '<?xml version="1.0"?><!DOCTYPE r [<!ENTITY x SYSTEM "file:///etc/passwd">]><r>&x;</r>';
    const cases: [Buffer | string, number, RegExp][] = [
      [xxe, 422, /DOCTYPE ou ENTITY/],
      ['<a><b></a>', 422, /não é um XML válido/],
      [Buffer.from('<a>\0</a>'), 422, /bytes nulos/],
      [Buffer.alloc(1024 * 1024 + 10, 0x20), 413, /grande demais/],
    ];
    for (const [content, status, message] of cases) {
      const res = await upload(content, undefined, codInspectionPaths.public);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json<{ message: string }>().message).toMatch(message);
    }
    const empty = await t.request('POST', codInspectionPaths.public, { ...multipart({ other: 'x' }) });
    expect(empty.statusCode).toBe(422);
    expect(empty.json<{ message: string }>().message).toBe('Envie o arquivo XML do COD.');
  });
});

describe('the COD against our records (by its CertificateID)', () => {
  const number = 'BR036A18260000012300';
  const issued = signedCod();

  beforeAll(async () => {
    // One of the demo's issued certificates becomes the one that carries the fixture's number and COD.
    const [row] = await t.db
      .select({ id: certificates.id })
      .from(certificates)
      .where(eq(certificates.status, ISSUED))
      .limit(1);
    if (!row) throw new Error('the demo data has no issued certificate');
    await t.db.update(certificates).set({ certificate_number: number }).where(eq(certificates.id, row.id));
    await t.db.insert(certificateCods).values({
      certificate_id: row.id,
      stage: 'complete',
      xml: issued,
      exporter_signer: 'MARIA EXPORTADORA',
      exporter_signed_at: new Date(),
      entity_signer: 'JOAO DA ENTIDADE',
      entity_signed_at: new Date(),
    });
  });

  it('the very file we issued: its status now and its verification page, on both routes', async () => {
    const [row] = await t.db
      .select({ code: certificates.verification_code })
      .from(certificates)
      .where(eq(certificates.certificate_number, number));
    for (const [token, url] of [
      [tok.analista, codInspectionPaths.staff],
      [undefined, codInspectionPaths.public],
    ] as const) {
      const res = await upload(issued, token, url);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<CodInspection>().record).toEqual({
        match: 'same',
        message: `Este arquivo é o COD que o Origem emitiu com o CertificateID ${number}. Situação atual do certificado: ${stateLabel(certificateFlow, ISSUED)}.`,
        status_label: stateLabel(certificateFlow, ISSUED),
        verification_path: `/verificar/${row?.code}`,
      });
    }
  });

  it('another file with our number (an altered copy) learns nothing about the certificate', async () => {
    const tampered = issued.replace('Café Exportação Ltda', 'Café Exportação S.A.');
    expect(tampered).not.toBe(issued);
    for (const [token, url] of [
      [tok.analista, codInspectionPaths.staff],
      [undefined, codInspectionPaths.public],
    ] as const) {
      const res = await upload(tampered, token, url);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<CodInspection>().record).toEqual({
        match: 'different',
        message: `O CertificateID ${number} é de um certificado emitido pelo Origem, mas este arquivo não é o COD que emitimos: foi alterado ou é de uma etapa anterior.`,
        status_label: null,
        verification_path: null,
      });
    }
  });

  it('a number that is not ours', async () => {
    const foreign = await upload(sample('br-a14-forma14-certified-unsigned.xml'), tok.analista);
    expect(foreign.json<CodInspection>().record).toEqual({
      match: 'unknown',
      message:
        'O CertificateID BR036A14160000000500 não corresponde a nenhum certificado emitido pelo Origem.',
      status_label: null,
      verification_path: null,
    });
  });
});
