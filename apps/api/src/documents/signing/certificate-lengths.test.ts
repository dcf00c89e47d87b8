import { sign, X509Certificate } from 'node:crypto';
import { signEnveloped } from '@origem/signer/xmldsig';
import { describe, expect, it } from 'vitest';
import { renderPdf } from '../pdf/render';
import { buildCod } from '../xml/cod';
import { inspectCod } from '../xml/cod-inspect';
import { codSampleInput } from '../xml/cod-sample';
import { ca, signedCod } from '../xml/fixtures/signed-cod';
import { checkSigner, parseTrustList, pemOfBase64, signerFacts } from './certificate';
import { signDetached, verifyDetached } from './cms';
import { signPdf } from './pades';
import { verifyPdfSignature } from './pades-inspect';
import { openPkcs12 } from './pkcs12';
import { cmsSigner } from './seal';
import { pkcs12Of } from './test-pki';
import { testPersonSeries } from './test-pki-series';
import { isIssuedPlusSignature, parseCod, signCod, verifyCodSignature } from './xmldsig';

/**
 * Issue 35: every reader that turns certificate bytes into a certificate, over genuine e-CPFs of every DER length
 * from just below 48·20 to just above 48·22. A DER of 48n−2 to 48n bytes has a base64 that fills its last 64-character
 * line, where a hand-made PEM once got an empty line that OpenSSL refuses: one genuine certificate in sixteen.
 */

const trust = parseTrustList(ca.certPem);
const FROM = 48 * 20 - 3;
const TO = 48 * 22 + 1;
const series = testPersonSeries(ca, { from: FROM, to: TO });
const CPF = series[0]?.cpf ?? '';
const at = new Date();
const who = 'do responsável legal';
const fillsLastLine = (der: Buffer) => der.toString('base64').length % 64 === 0;

/** Every certificate of the series through `check`; the lengths it failed on, so a failure names them all. */
async function failures(check: (c: (typeof series)[number]) => unknown): Promise<number[]> {
  const failed: number[] = [];
  for (const c of series) {
    try {
      await check(c);
    } catch (err) {
      failed.push(c.der.length);
      if (failed.length === 1) console.error(`${c.der.length} bytes:`, err);
    }
  }
  return failed;
}

// 101 certificates through PKCS#12, two signatures and xmllint each: seconds on an idle machine, more on a busy one.
describe('certificates of every DER length (issue 35)', { timeout: 180_000 }, () => {
  it('the series: one certificate per length, issued by the test CA, the CPF where an e-CPF carries it', () => {
    expect(series.map((c) => c.der.length)).toEqual(
      Array.from({ length: TO - FROM + 1 }, (_, i) => FROM + i),
    );
    // Three times the lengths whose base64 fills its last line.
    expect(series.filter((c) => fillsLastLine(c.der)).map((c) => c.der.length)).toEqual([
      958, 959, 960, 1006, 1007, 1008, 1054, 1055, 1056,
    ]);
    const issuer = new X509Certificate(ca.certPem);
    for (const c of series) {
      const x509 = new X509Certificate(c.der);
      expect(x509.checkIssued(issuer) && x509.verify(issuer.publicKey)).toBe(true);
      expect(x509.subject).toMatch(/^C=BR\nO=ICP-Brasil\nOU=.*\nCN=[A-Z ]+:12345678909$/s);
    }
  });

  it('pemOfBase64 reads the base64 however an XML carries it: one line, wrapped at 64 or 76, CRLF, spaces', async () => {
    const forms = (b64: string) => [
      b64,
      b64.replace(/.{64}/g, '$&\n'),
      b64.replace(/.{76}/g, '$&\r\n'),
      `\n  ${b64.replace(/.{64}/g, '$&\n  ')}\n`,
    ];
    expect(
      await failures((c) => {
        for (const text of forms(c.der.toString('base64'))) {
          const pem = pemOfBase64(text);
          expect(new X509Certificate(pem).raw.equals(c.der)).toBe(true);
          // The same PEM text forge writes: the signer's certificate as the signature carries it back.
          expect(pem).toBe(c.certPem.replace(/\r/g, ''));
        }
      }),
    ).toEqual([]);
  });

  it('the trust list reader: a bundle of them all', () => {
    const bundle = series.map((c) => c.certPem).join('\n');
    expect(parseTrustList(bundle).map((x) => x.raw.length)).toEqual(series.map((c) => c.der.length));
  });

  const unsigned = buildCod(codSampleInput('A18'), { form: 'A18', version: '1.8.3' });

  it('A1: the PKCS#12 opened, the COD signed and verified, the signer checked', async () => {
    expect(
      await failures((c) => {
        const identity = openPkcs12(pkcs12Of(c, 'segredo', ca), 'segredo');
        expect(new X509Certificate(identity.certificatePem).raw.equals(c.der)).toBe(true);
        const signed = signCod(unsigned, 'COD', identity.privateKeyPem, identity.certificatePem);
        const pem = verifyCodSignature(signed, 'COD');
        expect(checkSigner(pem, { trust, at, cpf: CPF, who }).cpf).toBe(CPF);
      }),
    ).toEqual([]);
  });

  it('A3: the certificate read from the token (DER), the token signs, the server checks what is posted back', async () => {
    expect(
      await failures((c) => {
        // What packages/signer does: the token's DER as PEM, the SignedInfo signed by the key on the token.
        const tokenPem = new X509Certificate(c.der).toString();
        const signed = signEnveloped(unsigned, 'COD', tokenPem, {
          sign: (signedInfo) => sign('sha256', signedInfo, c.keyPem),
        });
        // What acceptHandedOut does with it.
        expect(isIssuedPlusSignature(signed, unsigned, 'COD')).toBe(true);
        const pem = verifyCodSignature(signed, 'COD', parseCod(signed));
        expect(checkSigner(pem, { trust, at, cpf: CPF, who }).cpf).toBe(CPF);
      }),
    ).toEqual([]);
  });

  it('a signature whose X509Certificate text is wrapped (CRLF as &#13;, indentation) still verifies', async () => {
    expect(
      await failures((c) => {
        const signed = signCod(unsigned, 'COD', c.keyPem, c.certPem);
        // KeyInfo is outside what the signature covers: another signer's tool may wrap it any way.
        const wrapped = signed.replace(
          /(<X509Certificate>)([^<]+)(<\/X509Certificate>)/,
          (_, open: string, b64: string, close: string) =>
            `${open}\n      ${b64.replace(/.{76}/g, '$&&#13;\n      ')}\n    ${close}`,
        );
        expect(wrapped).not.toBe(signed);
        expect(signerFacts(verifyCodSignature(wrapped, 'COD')).cpf).toBe(CPF);
      }),
    ).toEqual([]);
  });

  it('the COD inspection (back office and public page): both signatures valid, signer and CPF read', async () => {
    expect(
      await failures(async (c) => {
        const xml = Buffer.from(signedCod({ exporter: c, official: c }));
        const r = await inspectCod(xml, { trust, hideCpf: true });
        expect(r.problems).toEqual([]);
        expect(r.signatures.map((s) => [s.status, s.signer_cpf])).toEqual([
          ['valid', '***.456.789-**'],
          ['valid', '***.456.789-**'],
        ]);
      }),
    ).toEqual([]);
  });

  it('PAdES: the CMS signed and verified in memory, and a signed PDF verified', async () => {
    const content = [Buffer.from('conteúdo assinado')];
    const pdf = await renderPdf([{ text: 'Certificado de origem' }], {
      title: 'Certificado de origem',
      createdAt: new Date('2026-03-10T12:00:00Z'),
    });
    expect(
      await failures(async (c) => {
        const signer = cmsSigner({ privateKeyPem: c.keyPem, certificatePem: c.certPem }, trust);
        expect(signer.chain.map((x) => x.raw.length)).toEqual([trust[0]?.raw.length]);
        const cms = await signDetached(content, signer);
        expect(verifyDetached(cms, content).certificate.raw.equals(c.der)).toBe(true);
        const signed = await signPdf(pdf, signer, { reason: 'Teste', location: 'São Paulo - SP', at });
        expect(verifyPdfSignature(signed, { trust }).signer.cpf).toBe(CPF);
      }),
    ).toEqual([]);
  });
});
