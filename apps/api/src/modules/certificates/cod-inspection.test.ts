import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type CodInspection, codInspectionPaths } from '@origem/contract/schemas/cod-inspection';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ca, signedCod } from '../../documents/xml/fixtures/signed-cod';
import { createTestApp, type TestApp } from '../../test/app';
import { multipart } from '../../test/multipart';

/**
 * Issue 14 through the routes: the back office's inspection (staff only) and the public page's (no sign-in, CPFs
 * partly hidden) over ALADI's real samples and a COD the product signed; what is not a COD is a Portuguese 4xx.
 */

let t: TestApp;
let tok: Record<'analista' | 'federacao' | 'exportador', string>;
const dir = mkdtempSync(path.join(tmpdir(), 'cod-inspect-'));
const sample = (name: string) =>
  readFileSync(new URL(`../../documents/xml/fixtures/${name}`, import.meta.url));

beforeAll(async () => {
  const trust = path.join(dir, 'trust.pem');
  writeFileSync(trust, ca.certPem);
  t = await createTestApp({ SIGNATURE_TRUST_PEM: trust });
  tok = {
    analista: await t.login('analista'),
    federacao: await t.login('federacao'),
    exportador: await t.login('exportador'),
  };
}, 60_000);
afterAll(async () => {
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
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
