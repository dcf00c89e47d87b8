import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseTrustList } from '../signing/certificate';
import { testCa } from '../signing/test-pki';
import { signCod } from '../signing/xmldsig';
import { CodFileRefused, inspectCod } from './cod-inspect';
import { archiveCa, ca, fixtureExporter, signedCod, signFixture, signingTime } from './fixtures/signed-cod';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));

const trust = parseTrustList(ca.certPem + archiveCa.certPem);
const now = signingTime;

const inspect = (xml: string | Buffer, hideCpf = false) =>
  inspectCod(typeof xml === 'string' ? Buffer.from(xml) : xml, { trust, hideCpf });

describe('COD inspection', () => {
  it('reads the real Argentine sample (form A18 of ACE-14, before signing): schema holds, no signatures', async () => {
    const r = await inspect(fixture('ar-a14-forma18-unsigned.xml'));
    expect(r).toMatchObject({
      stage: 'unsigned',
      version: '1.8.0',
      form: 'A18',
      agreement_acronym: 'A14',
      schema: { file: 'cod_ver_1.8.2_exporter_unsigned.xsd', valid: true, errors: [] },
      exporter: { name: 'IVECO ARGENTINA SA', country: 'AR', city: 'Munro, Vicente López' },
      importer: { name: 'CNH INDUSTRIAL BRASIL LTDA-Piracicaba', country: 'BR' },
      entity: null,
      invoices: [{ number: '0200-00002657', date: '2018-09-12' }],
      valid: false,
    });
    expect(r.items).toEqual([
      expect.objectContaining({
        code: '8408.90.90',
        unit: 'UNIDADES',
        value: '66810.500000',
        origin_criterion:
          'XXXVIII Protocolo Adicional - Al Acuerdo de Complementacion Economica N° ACE 14 - Titulo III - ARTICULO 16',
      }),
    ]);
    expect(r.items[0]?.description).toMatch(/^LOS DEMÁS\. .* \(MOTORES DIESEL O SEMI-DIESEL\)\.$/);
    expect(r.signatures.map((s) => s.status)).toEqual(['absent', 'absent']);
    expect(r.problems).toEqual([
      'O COD não tem a assinatura do exportador.',
      'O COD não tem a assinatura da entidade.',
    ]);
  });

  it('reads the real Brazilian sample (form A14, filled by the entity): certificate number, entity, dates', async () => {
    const r = await inspect(fixture('br-a14-forma14-certified-unsigned.xml'));
    expect(r).toMatchObject({
      stage: 'certified',
      form: 'A14',
      certificate_id: 'BR036A14160000000500',
      control_code: '005',
      certificate_date: '2016-12-01T14:02:25',
      declaration_date: '2016-12-01T14:01:54',
      schema: { file: 'cod_ver_1.8.2.xsd', valid: true },
      entity: { code: '036', name: 'FEDERAÇÃO DAS INDUSTRIAS DO ESTADO DE MINAS GERAIS', country: 'BR' },
      exporter: { name: 'IVECO LATIN AMERICA LTDA', city: 'SETE LAGOAS' },
      importer: { name: 'IVECO ARGENTINA S.A.', country: 'AR' },
    });
    expect(r.items[0]).toMatchObject({ code: '8704.22.10', quantity: '12.0000', value: '15500.00' });
  });

  describe('files of forms and versions the product does not write (hand-built from the XSDs, signed here)', () => {
    const signed = (name: string) => signFixture(fixture(name).toString());

    it('an incoming Bolivian FormA36 (ACE 36) in 1.8.3: read and checked against 1.8.3', async () => {
      const r = await inspect(signed('bo-a36-1.8.3-certified.xml'));
      expect(r.problems).toEqual([]);
      expect(r).toMatchObject({
        valid: true,
        stage: 'complete',
        version: '1.8.3',
        form: 'A36',
        agreement_acronym: 'A36',
        agreement_name: 'Acuerdo de Complementación Económica N° 36 MERCOSUR - Bolivia',
        certificate_id: 'BOCNBA36260000415700',
        schema: { file: 'cod_ver_1.8.3.xsd', valid: true, errors: [] },
        exporter: { name: 'QUINUA ANDINA EXPORTACIONES S.R.L.', country: 'BO', city: 'Cochabamba' },
        importer: { name: 'Empório Natural Importadora Ltda.', country: 'BR', city: 'Corumbá' },
        entity: { code: 'CNB', name: 'Cámara Nacional de Exportadores de Bolivia', country: 'BO' },
        invoices: [{ number: 'F-00871', date: '2026-02-03' }],
      });
      expect(r.items.map((i) => [i.code, i.value])).toEqual([
        ['1008.50.90', '52200.00'],
        ['1104.29.00', '9875.50'],
      ]);
      expect(r.signatures.map((s) => [s.target, s.status, s.signer_name])).toEqual([
        ['COD', 'valid', 'LUCIA DECLARANTE'],
        ['CODEH', 'valid', 'PEDRO CERTIFICADOR'],
      ]);
      expect(r.signatures[0]?.signed_at).toBe('2026-02-04T14:15:00.000Z');
    });

    it('a Colombian FormA72 (ACE 72) in 4.1.0: checked against 4.1.0, its Affidavit and EHCityLocality accepted', async () => {
      const r = await inspect(signed('co-a72-4.1.0-certified.xml'));
      expect(r.problems).toEqual([]);
      expect(r).toMatchObject({
        valid: true,
        version: '4.1.0',
        form: 'A72',
        agreement_acronym: 'A72',
        certificate_id: 'COMCTA72260000088121',
        control_code: 'DIAN-88121',
        schema: { file: 'cod_ver_4.1.0.xsd', valid: true },
        exporter: { name: 'Flores del Sabana S.A.S.', country: 'CO', city: 'Funza' },
        entity: { code: 'MCT', country: 'CO' },
      });
      expect(r.items[0]).toMatchObject({ code: '0603.11.00', value: '15430.25', quantity: '1200' });
      expect(r.signatures.map((s) => s.status)).toEqual(['valid', 'valid']);
    });

    it('an Argentine FormA18 in 4.1.0 (Dec. CMC 05/23 shape), and each of its stages against 4.1.0’s stage schemas', async () => {
      const r = await inspect(signed('ar-a18-4.1.0-certified.xml'));
      expect(r.problems).toEqual([]);
      expect(r).toMatchObject({
        valid: true,
        version: '4.1.0',
        form: 'A18',
        certificate_id: 'ARCACA18260000051200',
        schema: { file: 'cod_ver_4.1.0.xsd', valid: true },
        invoices: [{ number: '0003-00012345', date: '2026-04-10' }],
        importer: { name: 'Adega Gaúcha Importadora Ltda.', city: 'Porto Alegre' },
      });
      expect(r.items[0]).toMatchObject({ code: '2204.21.00', value: '21600.00' });
      // Before the entity: without EH, after the exporter's signature, and before any signature.
      const withoutEh = fixture('ar-a18-4.1.0-certified.xml')
        .toString()
        .replace(/<EH>[\s\S]*<\/CertificationEH>/, '');
      const exporterSigned = await inspect(
        signCod(withoutEh, 'COD', fixtureExporter.keyPem, fixtureExporter.certPem),
      );
      expect(exporterSigned).toMatchObject({
        stage: 'exporter_signed',
        schema: { file: 'cod_ver_4.1.0_exporter_signed.xsd', valid: true, errors: [] },
      });
      expect(exporterSigned.signatures.map((s) => s.status)).toEqual(['valid', 'absent']);
      const unsigned = await inspect(withoutEh);
      expect(unsigned.schema).toEqual({
        file: 'cod_ver_4.1.0_exporter_unsigned.xsd',
        valid: true,
        errors: [],
      });
      // A 4.1.0 form declared as 1.8.3 is checked against 1.8.3, which it does not satisfy.
      const mislabelled = await inspect(
        fixture('ar-a18-4.1.0-certified.xml')
          .toString()
          .replace('<CODVer>4.1.0</CODVer>', '<CODVer>1.8.3</CODVer>'),
      );
      expect(mislabelled.schema.file).toBe('cod_ver_1.8.3.xsd');
      expect(mislabelled.schema.valid).toBe(false);
      expect(mislabelled.problems).toContain(
        'O COD declara a versão 1.8.3 em CODVer, mas o seu schemaLocation aponta o esquema 4.1.0.',
      );
    });
  });

  it('a COD our builder produced and the test PKI signed: both signatures valid, signers and CPFs shown', async () => {
    const r = await inspect(signedCod());
    expect(r.problems).toEqual([]);
    expect(r).toMatchObject({ valid: true, stage: 'complete', version: '1.8.3', form: 'A18' });
    expect(r.schema).toEqual({ file: 'cod_ver_1.8.3.xsd', valid: true, errors: [] });
    expect(r.signatures).toEqual([
      expect.objectContaining({
        target: 'COD',
        status: 'valid',
        reason: null,
        signer_name: 'MARIA EXPORTADORA',
        signer_cpf: '123.456.789-09',
        certificate_issuer: 'AC Teste Origem',
      }),
      expect.objectContaining({
        target: 'CODEH',
        status: 'valid',
        signer_name: 'JOAO DA ENTIDADE',
        signer_cpf: '987.654.321-00',
      }),
    ]);
    expect(new Date(r.signatures[1]?.signed_at ?? 0).getTime()).toBe(
      Math.floor((now - 60_000) / 1000) * 1000,
    );
    const hidden = await inspect(signedCod(), true);
    expect(hidden.signatures.map((s) => s.signer_cpf)).toEqual(['***.456.789-**', '***.654.321-**']);
  });

  it('an item changed after signing: both signatures refused with the reason', async () => {
    const r = await inspect(signedCod().replace('Café torrado e moído', 'Café verde'));
    expect(r.valid).toBe(false);
    expect(r.items[0]?.description).toBe('Café verde');
    expect(r.signatures.map((s) => s.status)).toEqual(['invalid', 'invalid']);
    expect(r.signatures[0]?.reason).toMatch(/assinatura do exportador não confere: o documento foi alterado/);
    expect(r.problems).toContain(
      'A assinatura da entidade não confere: o documento foi alterado depois de assinado ou a assinatura é inválida.',
    );
  });

  it('a signer outside the trust list: the signature holds but the chain does not', async () => {
    const r = await inspectCod(Buffer.from(signedCod()), {
      trust: parseTrustList(testCa('Outra AC').certPem),
    });
    expect(r.signatures[0]).toMatchObject({
      status: 'invalid',
      signer_name: 'MARIA EXPORTADORA',
      reason:
        'O certificado digital não foi emitido por uma autoridade certificadora confiável (ICP-Brasil).',
    });
  });

  it('a COD that breaks ALADI’s schema: the complaints name the line and element', async () => {
    const xml = fixture('ar-a14-forma18-unsigned.xml')
      .toString()
      .replace('<ExporterCountry>AR</ExporterCountry>', '<ExporterCountry>US</ExporterCountry>');
    const r = await inspect(xml);
    expect(r.schema.valid).toBe(false);
    expect(r.schema.errors[0]).toMatch(/^Linha 15: Element 'ExporterCountry': \[facet 'enumeration'\]/);
    expect(r.problems[0]).toBe(
      'O XML não segue o esquema da ALADI cod_ver_1.8.2_exporter_unsigned.xsd (1 erro).',
    );
  });

  it('refuses what is not a COD, in Portuguese: XXE, NUL bytes, other encodings, broken XML, another XML', async () => {
    const xxe =
      '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]>' +
      '<ns1:Envelope xmlns:ns1="http://www.w3.org/2001/12/soap-envelope">&e;</ns1:Envelope>';
    const cases: [Buffer | string, RegExp][] = [
      [xxe, /DOCTYPE ou ENTITY/],
      [Buffer.from('<a>\u0000</a>'), /bytes nulos/],
      [Buffer.from([0x3c, 0x61, 0x3e, 0xe9, 0x3c, 0x2f, 0x61, 0x3e]), /UTF-8/],
      ['<a><b></a>', /não é um XML válido/],
      ['<nota><para>Ana</para></nota>', /não é um COD da ALADI/],
      ['', /vazio/],
      [Buffer.alloc(1024 * 1024 + 1, 0x20), /grande demais/],
    ];
    for (const [input, message] of cases) {
      await expect(inspect(input)).rejects.toThrow(message);
      await expect(inspect(input)).rejects.toBeInstanceOf(CodFileRefused);
    }
  });
});
