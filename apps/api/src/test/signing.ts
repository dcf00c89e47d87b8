import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { caOf, type Issued, pkcs12Of, testPerson } from '../documents/signing/test-pki';
import { type LoopbackPki, startLoopbackPki } from './loopback-pki';
import { multipart } from './multipart';
import { pdfSignatures } from './pdf';

/**
 * Test support for the suites that sign through the routes: the loopback PKI (OpenSSL's CA, CRLs, OCSP responder
 * and time-stamping authority, test/loopback-pki.ts) the app trusts and asks, the entity's seal, the A1 form.
 */

/** The entity's PAdES seal the app is given with `signingTrust(…, { seal: true })`. */
export const SEAL = { name: 'ASSOCIACAO COMERCIAL SELO', cpf: '11222333000', password: 'selo-secreto' };

export type SigningTrust = {
  /** A temporary folder for the suite's files (the trust list, the seal, a token, the signer program). */
  dir: string;
  /** The issuing CA, as node-forge issues with it (test-pki.ts testPerson): its certificates name its CRL. */
  ca: Issued;
  pki: LoopbackPki;
  /** Every CA trusted (the PKI's root and issuing CA, and `ca`): what xmlsec1 is given to check a chain. */
  trustPem: string;
  /**
   * What to give createTestApp: SIGNATURE_TRUST_PEM (the PKI's root and issuing CA), TSA_URL (its authority),
   * short timeouts, and the SIGNATURE_SEAL_* settings with `seal`.
   */
  env: Record<string, string>;
  /** Stops the PKI and removes the folder (afterAll). */
  remove: () => Promise<void>;
};

/**
 * Starts a loopback PKI and writes the trust list the app is started with: its root and issuing CA (and `ca`,
 * another CA to trust, e.g. the COD fixtures'), so a signature verifies only when its chain does and is checked
 * for revocation against OpenSSL's CRL; with `seal`, the entity's seal issued by that CA too.
 */
export async function signingTrust(
  prefix: string,
  options: { ca?: Issued; seal?: boolean } = {},
): Promise<SigningTrust> {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  const pki = await startLoopbackPki(prefix);
  const ca = caOf(pki.caKeyPem, pki.caPem, pki.crlUrl('ac'));
  const env: Record<string, string> = {
    SIGNATURE_TRUST_PEM: path.join(dir, 'trust.pem'),
    TSA_URL: pki.tsaUrl,
    TSA_TIMEOUT_MS: '5000',
    REVOCATION_TIMEOUT_MS: '5000',
  };
  const trustPem = `${pki.trustPem}${options.ca?.certPem ?? ''}`;
  writeFileSync(path.join(dir, 'trust.pem'), trustPem);
  if (options.seal) {
    const seal = testPerson(ca, { name: SEAL.name, cpf: SEAL.cpf });
    writeFileSync(path.join(dir, 'seal.pfx'), pkcs12Of(seal, SEAL.password, ca));
    Object.assign(env, {
      SIGNATURE_SEAL_PFX: path.join(dir, 'seal.pfx'),
      SIGNATURE_SEAL_PASSWORD: SEAL.password,
    });
  }
  return {
    dir,
    ca,
    pki,
    trustPem,
    env,
    remove: async () => {
      await pki.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The form of an A1 signature: the PKCS#12 file and its password. */
export const a1Form = (p12: Buffer, password = 'segredo') =>
  multipart({
    password,
    certificate: { filename: 'a1.pfx', content: p12, contentType: 'application/x-pkcs12' },
  });

/**
 * Checks a print-signed answer: a PDF download named `filename` that poppler's pdfsig finds sealed, whole, by the
 * entity's seal, then dated by a document timestamp (B-LTA). Returns the PDF.
 */
export function expectSealedPdf(res: LightMyRequestResponse, filename: string): Buffer {
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  expect(res.headers['content-disposition']).toContain(filename);
  const pdf = res.rawPayload;
  const report = pdfSignatures(pdf);
  const [timestamp = '', signature = ''] = report.split(/Signature #\d:/).slice(1);
  expect(timestamp).toContain('Total document signed');
  expect(signature).toContain('Signature is Valid.');
  expect(signature).toContain('Signature Type: ETSI.CAdES.detached');
  expect(signature).toContain(`${SEAL.name}:${SEAL.cpf}`);
  return pdf;
}
