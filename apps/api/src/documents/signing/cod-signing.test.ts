import {
  COD_FORMS,
  COD_VERSIONS,
  type CodForm,
  type CodVersion,
} from '@origem/contract/schemas/cod-settings';
import { describe, expect, it } from 'vitest';
import { SignedXml } from 'xml-crypto';
import { buildCod, certifyCod, codSchemaLocation } from '../xml/cod';
import { codSampleCertification, codSampleInput } from '../xml/cod-sample';
import { assertCodSchema, CodSchemaRefused } from '../xml/cod-validation';
import { xmllintErrors } from '../xml/schemas';
import { checkSigner, parseTrustList } from './certificate';
import { SignatureRefused } from './errors';
import { openPkcs12 } from './pkcs12';
import { pkcs12Of, testCa, testPerson } from './test-pki';
import { parseCod, signCod, verifyCodSignature, verifyPart } from './xmldsig';
import { xmlsecVerifies } from './xmlsec';

const ca = testCa();
const rogue = testCa('AC Desconhecida');
const exporterCpf = '12345678909';
const officialCpf = '98765432100';
const exporter = testPerson(ca, { name: 'MARIA EXPORTADORA', cpf: exporterCpf });
const official = testPerson(ca, { name: 'JOAO DA ENTIDADE', cpf: officialCpf });
const trust = parseTrustList(ca.certPem);

const input = codSampleInput;
const certification = codSampleCertification;

/** A COD at each stage: unsigned, signed by the exporter, certified (EH filled) and signed by the entity. */
function fullCod(form: CodForm, version: CodVersion, acronym = `A${form.slice(1)}`) {
  const unsigned = buildCod(input(acronym), { form, version });
  const first = signCod(unsigned, 'COD', exporter.keyPem, exporter.certPem);
  const certified = certifyCod(first, certification);
  const second = signCod(certified, 'CODEH', official.keyPem, official.certPem);
  return { unsigned, first, certified, second };
}

const xmlsec = xmlsecVerifies;

describe('COD XML per form and version, at each stage', () => {
  for (const version of COD_VERSIONS) {
    for (const form of COD_FORMS) {
      it(`Form${form} ${version}: valid at every stage against its version's schema; xmlsec1 verifies both signatures`, () => {
        const { unsigned, first, certified, second } = fullCod(form, version);
        expect(unsigned).toContain(`<Form${form}>`);
        expect(unsigned).toContain(`<CODVer>${version}</CODVer>`);
        expect(unsigned).toContain(`xsi:schemaLocation="${codSchemaLocation(version)}"`);
        expect(codSchemaLocation(version)).toMatch(new RegExp(`cod_ver_${version}\\.xsd$`));
        expect(Buffer.from(second).subarray(0, 3).toString('hex')).not.toBe('efbbbf');
        expect(xmllintErrors(unsigned, 'unsigned', version)).toBeNull();
        expect(xmllintErrors(first, 'exporter_signed', version)).toBeNull();
        expect(xmllintErrors(certified, 'certified', version)).toBeNull();
        expect(xmllintErrors(second, 'complete', version)).toBeNull();
        // A stage's document does not pass the next stage's schema, nor the other version's.
        expect(xmllintErrors(unsigned, 'exporter_signed', version)).not.toBeNull();
        expect(xmllintErrors(certified, 'complete', version)).not.toBeNull();
        const other = version === '1.8.3' ? '4.1.0' : '1.8.3';
        if (form !== 'A72' || other !== '1.8.3')
          expect(xmllintErrors(second, 'complete', other)).not.toBeNull();
        expect(xmlsec(second, 'COD', ca.certPem)).toBe(true);
        expect(xmlsec(second, 'CODEH', ca.certPem)).toBe(true);
        expect(verifyCodSignature(second, 'COD')).toBe(exporter.certPem.replace(/\r/g, ''));
        expect(verifyCodSignature(second, 'CODEH')).toBe(official.certPem.replace(/\r/g, ''));
      });
    }
  }

  it('the agreement’s acronym goes in AgreementAcronym whatever the form: ACE 02 and ACE 74 on FormA18', () => {
    const a02 = fullCod('A18', '1.8.3', 'A02');
    expect(a02.unsigned).toContain('<AgreementAcronym>A02</AgreementAcronym></Agreement><FormA18>');
    expect(xmllintErrors(a02.second, 'complete', '1.8.3')).toBeNull();
    const a74 = fullCod('A18', '4.1.0', 'A74');
    expect(a74.unsigned).toContain('<AgreementAcronym>A74</AgreementAcronym></Agreement><FormA18>');
    expect(xmllintErrors(a74.second, 'complete', '4.1.0')).toBeNull();
    // 1.8.3 lists no A74: refused before anything is written, not a file xmllint would reject.
    expect(() => buildCod(input('A74'), { form: 'A18', version: '1.8.3' })).toThrow(
      /A versão 1.8.3 do COD não inclui o acordo A74/,
    );
  });

  it('4.1.0’s FormA18 refuses, naming the field, what its schema requires and the certificate lacks', () => {
    const target = { form: 'A18', version: '4.1.0' } as const;
    const noCity = { ...input(), importer: { ...input().importer, city: null } };
    expect(() => buildCod(noCity, target)).toThrow(/exige a cidade do importador: complete o cadastro/);
    const noPhone = { ...input(), exporter: { ...input().exporter, phone: 'sem telefone' } };
    expect(() => buildCod(noPhone, target)).toThrow(/exige um telefone válido do exportador/);
    const noNumber = { ...input(), items: input().items.map((i) => ({ ...i, declarationNumber: null })) };
    expect(() => buildCod(noNumber, target)).toThrow(/número da declaração de origem do item 1/);
    // The same facts pass in 1.8.3, whose FormA18 asks for none of them.
    expect(
      xmllintErrors(buildCod(noCity, { form: 'A18', version: '1.8.3' }), 'unsigned', '1.8.3'),
    ).toBeNull();
    expect(() => certifyCod(fullCod('A18', '4.1.0').first, { ...certification, city: null })).toThrow(
      /exige a cidade da entidade emissora/,
    );
  });

  it('the check before signing refuses an invalid document naming each field, in Portuguese', async () => {
    const { unsigned } = fullCod('A14', '1.8.3');
    await expect(assertCodSchema(unsigned, '1.8.3', 'unsigned')).resolves.toBeUndefined();
    const broken = unsigned
      .replace(/<ImporterCity>[^<]*<\/ImporterCity>/, `<ImporterCity>${'x'.repeat(60)}</ImporterCity>`)
      .replace(/<ExporterLocality>[^<]*<\/ExporterLocality>/, '');
    const refusal = await assertCodSchema(broken, '1.8.3', 'unsigned').catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(CodSchemaRefused);
    const { message, fields } = refusal as CodSchemaRefused;
    expect(message).toMatch(
      /^O XML do COD \(versão 1.8.3, antes da assinatura do exportador\) não segue o esquema/,
    );
    expect(fields['cod.ExporterLocality']).toEqual([
      'falta localidade do exportador (ExporterLocality) antes de cidade do exportador (ExporterCity)',
    ]);
    expect(fields['cod.ImporterCity']).toEqual([
      'cidade do importador (ImporterCity) passa do tamanho máximo',
    ]);
    // A 1.8.3 document checked as 4.1.0: the missing Affidavit is named.
    const as4 = (await assertCodSchema(unsigned, '4.1.0', 'unsigned').catch(
      (e: unknown) => e,
    )) as CodSchemaRefused;
    expect(as4.fields['cod.Affidavit']?.[0]).toMatch(
      /^falta declaração juramentada do exportador \(Affidavit\)/,
    );
  });
});

describe('our verifier', () => {
  const { second } = fullCod('A18', '1.8.3');

  it('finds the signer among the certificates KeyInfo carries, whatever their order (the CA first)', () => {
    const base64 = (pem: string) => pem.replace(/-----[^-]+-----|\s/g, '');
    // KeyInfo is outside SignedInfo: another tool may list the chain there without touching its signature (the
    // exporter's KeyInfo is inside #CODEH, so each signature is checked on a copy changed in its own KeyInfo only).
    const chainFirst = `<X509Certificate>${base64(ca.certPem)}</X509Certificate><X509Certificate>`;
    const inExporters = second.replace('<X509Certificate>', chainFirst);
    const at = second.lastIndexOf('<X509Certificate>');
    const inEntitys = second.slice(0, at) + chainFirst + second.slice(at + '<X509Certificate>'.length);
    expect(verifyCodSignature(inExporters, 'COD')).toBe(exporter.certPem.replace(/\r/g, ''));
    expect(verifyCodSignature(inEntitys, 'CODEH')).toBe(official.certPem.replace(/\r/g, ''));
    // Only a certificate that does not verify: refused as a signature that does not match.
    const onlyCa = second.replace(/<X509Certificate>[^<]+</g, `<X509Certificate>${base64(ca.certPem)}<`);
    expect(() => verifyCodSignature(onlyCa, 'COD')).toThrow(/não confere/);
  });

  it('refuses an item changed after signing (both signatures), EH changed (only the second)', () => {
    const item = second.replace('Café solúvel', 'Café solúvel extra');
    expect(() => verifyCodSignature(item, 'COD')).toThrow(SignatureRefused);
    expect(() => verifyCodSignature(item, 'CODEH')).toThrow(/foi alterado/);
    expect(xmlsec(item, 'COD', ca.certPem)).toBe(false);
    const eh = second.replace('BR036A18260000012300', 'BR036A18260000099900');
    expect(verifyCodSignature(eh, 'COD')).toBeTruthy();
    expect(() => verifyCodSignature(eh, 'CODEH')).toThrow(SignatureRefused);
    expect(xmlsec(eh, 'CODEH', ca.certPem)).toBe(false);
  });

  it('refuses a forged signature value and an unsigned document', () => {
    const forged = second.replace(
      /<SignatureValue>(.)/,
      (_m, c: string) => `<SignatureValue>${c === 'A' ? 'B' : 'A'}`,
    );
    expect(() => verifyCodSignature(forged, 'COD')).toThrow(SignatureRefused);
    expect(() =>
      verifyCodSignature(buildCod(input('A18'), { form: 'A18', version: '1.8.3' }), 'COD'),
    ).toThrow(/não tem a assinatura/);
    expect(() => verifyCodSignature('<a><b></a>', 'COD')).toThrow(/não é um XML válido/);
  });

  it('refuses a second element named COD (an id under a prefix too), a reference to another part, a changed digest', () => {
    const wrapped = second.replace(
      '<CODEH id="CODEH">',
      '<CODEH id="CODEH"><COD xmlns:x="urn:x" x:id="COD"/>',
    );
    expect(() => verifyCodSignature(wrapped, 'COD')).toThrow(/mais de um elemento COD/);
    const elsewhere = second.replace('URI="#COD"', 'URI="#CODEH"');
    expect(() => verifyCodSignature(elsewhere, 'COD')).toThrow(/deve cobrir exatamente #COD/);
    const digest = second.replace(
      /<DigestValue>(.)/,
      (_m, c: string) => `<DigestValue>${c === 'A' ? 'B' : 'A'}`,
    );
    expect(() => verifyCodSignature(digest, 'COD')).toThrow(/não confere/);
    expect(xmlsec(digest, 'COD', ca.certPem)).toBe(false);
  });

  it('parses once for both signatures and leaves the document as it was; comments are not signed content', () => {
    const doc = parseCod(second);
    const before = doc.toString();
    expect(verifyCodSignature(second, 'COD', doc)).toBe(exporter.certPem.replace(/\r/g, ''));
    expect(verifyCodSignature(second, 'CODEH', doc)).toBe(official.certPem.replace(/\r/g, ''));
    expect(doc.toString()).toBe(before);
    const commented = second.replace('<CODEH id="CODEH">', '<CODEH id="CODEH"><!-- nota -->');
    expect(verifyCodSignature(commented, 'CODEH')).toBeTruthy();
    expect(xmlsec(commented, 'CODEH', ca.certPem)).toBe(true);
  });

  it('verifies a signature inside what it covers (the enveloped transform) and one in another shape', () => {
    const part = { id: 'Part', parent: 'Part', who: 'do teste' };
    const xml = '<Doc><Part id="Part"><A>1</A></Part></Doc>';
    const sign = (options: { c14n: string; digest: string }) => {
      const sig = new SignedXml({
        privateKey: exporter.keyPem,
        publicCert: exporter.certPem,
        signatureAlgorithm: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
        canonicalizationAlgorithm: options.c14n,
      });
      sig.addReference({
        xpath: "//*[@id='Part']",
        digestAlgorithm: options.digest,
        transforms: ['http://www.w3.org/2000/09/xmldsig#enveloped-signature', options.c14n],
      });
      sig.computeSignature(xml, { location: { reference: "//*[@id='Part']", action: 'append' } });
      return sig.getSignedXml();
    };
    // Our shape, the signature the last child of the part: removed before the digest, on a copy.
    const inside = sign({
      c14n: 'http://www.w3.org/2001/10/xml-exc-c14n#',
      digest: 'http://www.w3.org/2001/04/xmlenc#sha256',
    });
    const doc = parseCod(inside);
    expect(verifyPart(inside, part, doc)).toBe(exporter.certPem.replace(/\r/g, ''));
    expect(doc.getElementsByTagNameNS('*', 'Signature').length).toBe(1);
    expect(xmlsec(inside, part, ca.certPem)).toBe(true);
    expect(() => verifyPart(inside.replace('<A>1</A>', '<A>2</A>'), part)).toThrow(/não confere/);
    // Inclusive C14N and SHA-1: not what we sign, still checked (by xml-crypto) and refused when altered.
    const other = sign({
      c14n: 'http://www.w3.org/TR/2001/REC-xml-c14n-20010315',
      digest: 'http://www.w3.org/2000/09/xmldsig#sha1',
    });
    expect(verifyPart(other, part)).toBe(exporter.certPem.replace(/\r/g, ''));
    expect(() => verifyPart(other.replace('<A>1</A>', '<A>2</A>'), part)).toThrow(/não confere/);
  });

  it('checks the signer: trusted chain, validity at signing time, CPF from otherName or CN', () => {
    const now = new Date();
    expect(checkSigner(exporter.certPem, { trust, at: now, cpf: exporterCpf, who: 'x' }).cpf).toBe(
      exporterCpf,
    );
    expect(() =>
      checkSigner(exporter.certPem, { trust, at: now, cpf: officialCpf, who: 'do responsável legal' }),
    ).toThrow(/não é o CPF do responsável legal/);
    const expired = testPerson(ca, {
      name: 'MARIA',
      cpf: exporterCpf,
      notBefore: new Date(Date.now() - 400 * 86_400_000),
      notAfter: new Date(Date.now() - 86_400_000),
    });
    expect(() => checkSigner(expired.certPem, { trust, at: now, cpf: exporterCpf, who: 'x' })).toThrow(
      /não estava válido/,
    );
    const stranger = testPerson(rogue, { name: 'MARIA', cpf: exporterCpf });
    expect(() => checkSigner(stranger.certPem, { trust, at: now, cpf: exporterCpf, who: 'x' })).toThrow(
      /autoridade certificadora confiável/,
    );
    const cnOnly = testPerson(ca, { name: 'MARIA', cpf: exporterCpf, sanCpf: null });
    expect(checkSigner(cnOnly.certPem, { trust, at: now, cpf: exporterCpf, who: 'x' }).cpf).toBe(exporterCpf);
    // The otherName wins over the common name.
    const mismatch = testPerson(ca, { name: 'MARIA', cpf: exporterCpf, sanCpf: officialCpf });
    expect(() => checkSigner(mismatch.certPem, { trust, at: now, cpf: exporterCpf, who: 'x' })).toThrow(
      SignatureRefused,
    );
  });

  it('opens an A1 PKCS#12 in memory and refuses a wrong password', () => {
    const p12 = pkcs12Of(exporter, 'segredo', ca);
    const opened = openPkcs12(p12, 'segredo');
    expect(opened.certificatePem.replace(/\r/g, '')).toBe(exporter.certPem.replace(/\r/g, ''));
    expect(() => openPkcs12(p12, 'errada')).toThrow(/verifique o arquivo/);
  });
});
