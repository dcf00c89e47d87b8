import { describe, expect, it } from 'vitest';
import { pdfSignatures, pdfText } from '../../test/pdf';
import { renderPdf } from '../pdf/render';
import { parseTrustList } from './certificate';
import type { CmsSigner } from './cms';
import { SignatureRefused } from './errors';
import { signPdf } from './pades';
import { verifyPdfSignature } from './pades-inspect';
import { cmsSigner, entitySeal } from './seal';
import { testCa, testPerson } from './test-pki';

/**
 * PAdES on our PDFs: poppler's pdfsig (an independent NSS-based reader) finds the signature valid and covering
 * the whole document; our verifier accepts it only from a trusted CA and refuses any changed byte or later update.
 */

const ca = testCa();
const rogue = testCa('AC Desconhecida');
const trust = parseTrustList(ca.certPem);
const DAY = 86_400_000;

function signer(issuer = ca, o: { notBefore?: Date; notAfter?: Date } = {}): CmsSigner {
  const seal = testPerson(issuer, { name: 'ASSOCIACAO COMERCIAL DE TESTE', cpf: '11222333000', ...o });
  return cmsSigner({ privateKeyPem: seal.keyPem, certificatePem: seal.certPem }, trust);
}

// Page 1 carries a link: the signature field joins its existing /Annots.
const document = () =>
  renderPdf(
    [
      { text: 'Certificado de origem nº BR036A18260000012300' },
      { text: 'Verificar', link: 'https://origem.test/verificar/abc' },
      { text: 'Página 2', pageBreak: 'before' },
    ],
    { title: 'Certificado de origem', createdAt: new Date('2026-03-10T12:00:00Z') },
  );
const options = { reason: 'Certificado de origem emitido', location: 'São Paulo - SP', at: new Date() };

const refusal = (work: () => unknown): string => {
  try {
    work();
  } catch (err) {
    if (err instanceof SignatureRefused) return err.message;
    throw err;
  }
  throw new Error('a verificação deveria ter recusado');
};

const flip = (pdf: Buffer, at: number) => {
  const copy = Buffer.from(pdf);
  copy[at] = (copy[at] ?? 0) ^ 0x01;
  return copy;
};

const byteRange = (pdf: Buffer) =>
  /\/ByteRange \[(\d+) (\d+) (\d+) (\d+)/.exec(pdf.toString('latin1'))?.slice(1).map(Number) ?? [];

describe('PAdES signature of a PDF', () => {
  it('pdfsig reports a valid ETSI.CAdES.detached signature over the whole file; our verifier agrees', async () => {
    const pdf = await document();
    const signed = await signPdf(pdf, signer(), options);
    expect(signed.subarray(0, pdf.length).equals(pdf)).toBe(true); // an incremental update: the original stays
    const report = pdfSignatures(signed);
    expect(report).toContain('Signature is Valid.');
    expect(report).toContain('Signature Type: ETSI.CAdES.detached');
    expect(report).toContain('Signing Hash Algorithm: SHA-256');
    expect(report).toContain('Total document signed');
    expect(report).toContain('ASSOCIACAO COMERCIAL DE TESTE:11222333000');
    expect(pdfText(signed)).toContain('Página 2');

    const verified = verifyPdfSignature(signed, { trust });
    expect(verified.signer.commonName).toBe('ASSOCIACAO COMERCIAL DE TESTE:11222333000');
    expect(Math.abs((verified.signedAt?.getTime() ?? 0) - options.at.getTime())).toBeLessThan(1000);
  });

  it('refuses a byte changed anywhere in the signed ranges or in the signature itself', async () => {
    const signed = await signPdf(await document(), signer(), options);
    const [, b = 0, c = 0] = byteRange(signed);
    for (const at of [10, Math.floor(b / 2), b - 1, c + 5, signed.length - 10]) {
      expect(refusal(() => verifyPdfSignature(flip(signed, at), { trust }))).toMatch(/alterad|corrompida/);
    }
    // pdfsig agrees on a changed page content.
    expect(pdfSignatures(flip(signed, Math.floor(b / 2)))).not.toContain('Signature is Valid.');
    // Inside /Contents, near the end of the CMS (its RSA value), another hex digit: the signature no longer holds.
    const hex = signed
      .toString('latin1')
      .slice(b + 1, c - 1)
      .replace(/0+$/, '');
    const inSignature = Buffer.from(signed);
    const at = b + 1 + hex.length - 4;
    inSignature[at] = inSignature[at] === 0x41 ? 0x42 : 0x41;
    expect(refusal(() => verifyPdfSignature(inSignature, { trust }))).toMatch(/alterad/);
  });

  it('refuses content appended after the signature (an update the signature does not cover)', async () => {
    const signed = await signPdf(await document(), signer(), options);
    const appended = Buffer.concat([signed, Buffer.from('1 0 obj\n<< >>\nendobj\n%%EOF\n', 'latin1')]);
    expect(refusal(() => verifyPdfSignature(appended, { trust }))).toMatch(/não cobre o arquivo inteiro/);
  });

  it('refuses a certificate from an untrusted CA, or not valid when signed, and an unsigned PDF', async () => {
    const pdf = await document();
    const untrusted = await signPdf(pdf, signer(rogue), options);
    expect(pdfSignatures(untrusted)).toContain('Signature is Valid.'); // the maths hold; trust is ours to judge
    expect(refusal(() => verifyPdfSignature(untrusted, { trust }))).toMatch(/confiável/);
    const expired = signer(ca, {
      notBefore: new Date(Date.now() - 400 * DAY),
      notAfter: new Date(Date.now() - DAY),
    });
    const byExpired = await signPdf(pdf, expired, options);
    expect(refusal(() => verifyPdfSignature(byExpired, { trust }))).toMatch(/não estava válido/);
    expect(refusal(() => verifyPdfSignature(pdf, { trust }))).toMatch(/não tem assinatura/);
  });

  const noSeal = {
    signatureSealPfx: undefined,
    signatureSealPassword: undefined,
    signatureTrustPem: undefined,
  };
  it('the seal: none in production without a configured A1; a demonstration seal otherwise', async () => {
    expect(entitySeal({ ...noSeal, production: true })).toBeNull();
    const demo = await entitySeal({ ...noSeal, production: false });
    expect(demo?.certificate.subject).toContain('SELO DE DEMONSTRACAO ORIGEM');
    expect(pdfSignatures(await signPdf(await document(), demo as CmsSigner, options))).toContain(
      'Signature is Valid.',
    );
  });
});
