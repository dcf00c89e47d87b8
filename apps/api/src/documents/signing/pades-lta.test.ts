import { X509Certificate } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  itextAvailable,
  itextVerifies,
  opensslPrintsCms,
  opensslVerifiesToken,
  timestampsOf,
} from '../../test/long-term-tools';
import { type LoopbackPki, type PkiPerson, startLoopbackPki } from '../../test/loopback-pki';
import { pdfSignatures } from '../../test/pdf';
import { renderPdf } from '../pdf/render';
import { parseTrustList } from './certificate';
import { keySigner } from './cms';
import { SignatureRefused } from './errors';
import { signPdf } from './pades';
import { inspectPdf, verifyPdfSignature } from './pades-inspect';
import { type LongTermServices, signPdfLongTerm } from './pades-lta';
import type { RevocationCache } from './revocation';
import { requestTimestamp, sha256 } from './tsa';
import { gatherValidation } from './validation';

/**
 * PAdES B-LTA on our PDFs against the loopback PKI (OpenSSL as CA, OCSP responder, CRL issuer and TSA), each result
 * checked by tools that are not ours: poppler's pdfsig, OpenSSL's ts -verify and cms -print, and iText 5's
 * LtvVerifier (Debian's libitext5-java). Refused: a revoked signer, an expired one, a changed byte, a timestamp
 * over other bytes.
 */

let pki: LoopbackPki;
let seal: PkiPerson;
let trust: X509Certificate[];
const POLICY = {
  oid: '2.16.76.1.7.1.12.1.1',
  hash: sha256([Buffer.from('politica de teste')]),
  uri: 'http://politicas.teste/pa_ad_rt.der',
};

beforeAll(async () => {
  pki = await startLoopbackPki();
  trust = parseTrustList(pki.trustPem);
  seal = await pki.issuePerson({ name: 'ASSOCIACAO COMERCIAL DE TESTE', cpf: '11222333000' });
});
afterAll(() => pki.close());

/** Answers kept in memory (the server keeps them in a table): the root's CRL, asked for twice, is one answer. */
const kept = new Map<string, Buffer>();
const memoryCache: RevocationCache = {
  find: async (kind, url, key) => kept.get(`${kind} ${url} ${key}`) ?? null,
  keep: async (answer) => void kept.set(`${answer.kind} ${answer.url} ${answer.key}`, answer.der),
};

function services(): LongTermServices {
  return {
    policy: POLICY,
    timestamp: (digest) => requestTimestamp({ url: pki.tsaUrl, timeoutMs: 10_000 }, digest),
    validation: (certificate, pool, who) =>
      gatherValidation(certificate, pool, {
        trust,
        cache: memoryCache,
        settings: { timeoutMs: 5000 },
        at: new Date(),
        who,
        requireTrusted: true,
      }),
  };
}

const signerOf = (person: PkiPerson) =>
  keySigner(
    person.keyPem,
    new X509Certificate(person.certPem),
    [pki.caPem, pki.rootPem].map((p) => new X509Certificate(p)),
  );

const document = () =>
  renderPdf(
    [
      { text: 'Certificado de origem nº BR036A18260000012300' },
      { text: 'Verificar', link: 'https://origem.test/verificar/abc' },
      { text: 'Página 2', pageBreak: 'before' },
    ],
    { title: 'Certificado de origem', createdAt: new Date() },
  );
const options = { reason: 'Certificado de origem emitido', location: 'São Paulo - SP', at: new Date() };

async function refusal(work: () => Promise<unknown>): Promise<string> {
  try {
    await work();
  } catch (err) {
    if (err instanceof SignatureRefused) return err.message;
    throw err;
  }
  throw new Error('deveria ter recusado');
}

const flip = (pdf: Buffer, at: number) => {
  const copy = Buffer.from(pdf);
  copy[at] = (copy[at] ?? 0) ^ 0x01;
  return copy;
};

describe('PAdES B-LTA', () => {
  let sealed: Buffer;
  beforeAll(async () => {
    sealed = (await signPdfLongTerm(await document(), signerOf(seal), options, services())).pdf;
  });

  it('reaches B-LTA by our reader: timestamped, the DSS with the chain and its answers, the document timestamp', () => {
    const report = inspectPdf(sealed, trust);
    expect(report.problems).toEqual([]);
    expect(report.level).toBe('B-LTA');
    expect(report.signatures.map((s) => s.kind)).toEqual(['signature', 'document_timestamp']);
    const [signature] = report.signatures;
    expect(signature?.timestamp?.authority).toBe('ACT Teste Loopback');
    expect(signature?.revocation?.status).toBe('good');
    expect(signature?.policy).toBe(POLICY.oid);
    expect(signature?.signingTimeAttribute).toBe(false);
    // The seal and the TSA: their certificates, the intermediate's and the root's; OCSP for the seal, the CRLs of
    // the issuing CA (the TSA's) and of the root (the issuing CA's).
    expect(report.dss).toEqual({ certificates: 4, ocsps: 1, crls: 2 });
    expect(verifyPdfSignature(sealed, { trust }).signer.commonName).toBe(
      'ASSOCIACAO COMERCIAL DE TESTE:11222333000',
    );
  });

  it('pdfsig finds the signature valid and the document timestamp over the whole file', () => {
    // poppler's pdfsig validates CAdES signatures; it lists a document timestamp (SubFilter ETSI.RFC3161) without
    // validating it ("Unimplemented Feature"): OpenSSL and iText check that one below.
    const report = pdfSignatures(sealed);
    const [timestamp = '', signature = ''] = report.split(/Signature #\d:/).slice(1);
    expect(timestamp).toContain('Signature Field Name: Carimbo do tempo');
    expect(timestamp).toContain('Signer Certificate Common Name: ACT Teste Loopback');
    expect(timestamp).toContain('Total document signed');
    expect(signature).toContain('Signature Field Name: Assinatura');
    expect(signature).toContain('Signature Type: ETSI.CAdES.detached');
    expect(signature).toContain('Signature Validation: Signature is Valid.');
    expect(signature).toContain('ASSOCIACAO COMERCIAL DE TESTE:11222333000');
  });

  it('openssl ts -verify accepts both timestamps; the CMS has the policy and no signing-time', async () => {
    const tokens = timestampsOf(sealed);
    expect(tokens.map((t) => t.kind)).toEqual(['signature', 'document']);
    for (const token of tokens) {
      const verdict = await opensslVerifiesToken(token.token, { data: token.data }, pki.trustPem);
      expect(verdict.output).toContain('Verification: OK');
    }
    // The signer's signed attributes (the token, printed after them, has its own signing time).
    const printed =
      (await opensslPrintsCms(tokens[0]?.cms as Buffer)).output.split('unsignedAttrs:')[0] ?? '';
    expect(printed).toContain('id-smime-aa-ets-sigPolicyId');
    expect(printed).toContain(POLICY.oid);
    expect(printed).toContain('id-smime-aa-signingCertificateV2');
    expect(printed).not.toContain('signingTime');
  });

  it.skipIf(!itextAvailable)(
    'iText 5 reports both timestamps, the DSS, and its LtvVerifier accepts the file',
    async () => {
      const verdict = await itextVerifies(sealed, pki.trustPem);
      expect(verdict.output).toMatch(
        /^SIGNATURE name=Assinatura .*integrity=true .*timestamp=\S+ imprint=true/m,
      );
      expect(verdict.output).toMatch(
        /^DOCTIMESTAMP name=Carimbo_do_tempo .*wholeDocument=true integrity=true/m,
      );
      expect(verdict.output).toContain('DSS certs=4 ocsps=1 crls=2');
      expect(verdict.output).toContain('LTV-RESULT ok');
      expect(verdict.output).toContain('VALID');
      expect(verdict.ok).toBe(true);
    },
  );

  it('refuses a changed byte in any revision: ours, pdfsig, iText', async () => {
    const [, b = 0] = /\/ByteRange \[(\d+) (\d+)/.exec(sealed.toString('latin1'))?.slice(1).map(Number) ?? [];
    const changed = flip(sealed, Math.floor(b / 2));
    expect(inspectPdf(changed, trust).valid).toBe(false);
    expect(() => verifyPdfSignature(changed, { trust })).toThrow(/alterado/);
    expect(pdfSignatures(changed)).not.toMatch(/Signature is Valid\.[\s\S]*Signature is Valid\./);
    if (itextAvailable) expect((await itextVerifies(changed, pki.trustPem)).ok).toBe(false);
    // In the DSS, after the signature but under the document timestamp.
    const dssAt = sealed.indexOf('/Type /DSS', 0, 'latin1');
    const inDss = flip(sealed, dssAt + 2);
    const report = inspectPdf(inDss, trust);
    expect(report.valid).toBe(false);
    expect(report.signatures[1]?.integrity.ok).toBe(false);
  });

  it('refuses a timestamp over other bytes: ours and openssl', async () => {
    const wrong = await signPdf(await document(), signerOf(seal), options, {
      timestamp: async () =>
        (
          await requestTimestamp(
            { url: pki.tsaUrl, timeoutMs: 10_000 },
            sha256([Buffer.from('outros dados')]),
          )
        ).token,
    });
    const report = inspectPdf(wrong, trust);
    expect(report.problems.join(' ')).toMatch(/carimbo do tempo foi emitido para outros dados/);
    expect(report.level).toBe('B-B');
    const [token] = timestampsOf(wrong);
    expect(
      (await opensslVerifiesToken(token?.token as Buffer, { data: token?.data as Buffer }, pki.trustPem)).ok,
    ).toBe(false);
  });

  it('refuses to seal with a revoked or an expired certificate', async () => {
    const revoked = await pki.issuePerson({ name: 'SELO REVOGADO', cpf: '52998224725' });
    await pki.revoke(revoked);
    expect(
      await refusal(() =>
        signPdfLongTerm(
          Buffer.alloc(0),
          signerOf(revoked),
          { ...options, name: 'SELO REVOGADO' },
          services(),
        ),
      ),
    ).toMatch(/SELO REVOGADO foi revogado em/);
    const expired = await pki.issuePerson({
      name: 'SELO VENCIDO',
      cpf: '39053344705',
      notBefore: new Date(Date.now() - 400 * 86_400_000),
      notAfter: new Date(Date.now() - 86_400_000),
    });
    expect(
      await refusal(async () => signPdfLongTerm(await document(), signerOf(expired), options, services())),
    ).toMatch(/não estava válido/);
    // And a PDF an expired certificate signed anyway (B-B, no timestamp) is refused by the reader.
    const byExpired = await signPdf(await document(), signerOf(expired), options);
    expect(() => verifyPdfSignature(byExpired, { trust })).toThrow(/não estava válido/);
  });
});
