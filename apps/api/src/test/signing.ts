import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { pkcs12Of, testCa, testPerson } from '../documents/signing/test-pki';
import { multipart } from './multipart';
import { pdfSignatures } from './pdf';

/** Test support for the suites that sign through the routes: the trusted CA, the entity's seal, the A1 form. */

type Issued = ReturnType<typeof testCa>;

/** The entity's PAdES seal the app is given with `signingTrust(…, { seal: true })`. */
export const SEAL = { name: 'ASSOCIACAO COMERCIAL SELO', cpf: '11222333000', password: 'selo-secreto' };

export type SigningTrust = {
  /** A temporary folder for the suite's files (the trust list, the seal, a token, the signer program). */
  dir: string;
  ca: Issued;
  /** What to give createTestApp: SIGNATURE_TRUST_PEM, and the SIGNATURE_SEAL_* settings with `seal`. */
  env: Record<string, string>;
  /** Removes the folder (afterAll). */
  remove: () => void;
};

/**
 * A temporary folder holding the trust list the app is started with: the test CA (or `ca`) only, so a signature
 * verifies only when its chain does; with `seal`, the entity's seal issued by that CA too.
 */
export function signingTrust(prefix: string, options: { ca?: Issued; seal?: boolean } = {}): SigningTrust {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  const ca = options.ca ?? testCa();
  const env: Record<string, string> = { SIGNATURE_TRUST_PEM: path.join(dir, 'trust.pem') };
  writeFileSync(path.join(dir, 'trust.pem'), ca.certPem);
  if (options.seal) {
    const seal = testPerson(ca, { name: SEAL.name, cpf: SEAL.cpf });
    writeFileSync(path.join(dir, 'seal.pfx'), pkcs12Of(seal, SEAL.password, ca));
    Object.assign(env, {
      SIGNATURE_SEAL_PFX: path.join(dir, 'seal.pfx'),
      SIGNATURE_SEAL_PASSWORD: SEAL.password,
    });
  }
  return { dir, ca, env, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** The form of an A1 signature: the PKCS#12 file and its password. */
export const a1Form = (p12: Buffer, password = 'segredo') =>
  multipart({
    password,
    certificate: { filename: 'a1.pfx', content: p12, contentType: 'application/x-pkcs12' },
  });

/**
 * Checks a print-signed answer: a PDF download named `filename` that poppler's pdfsig finds sealed, whole, by the
 * entity's seal. Returns the PDF.
 */
export function expectSealedPdf(res: LightMyRequestResponse, filename: string): Buffer {
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  expect(res.headers['content-disposition']).toContain(filename);
  const pdf = res.rawPayload;
  const report = pdfSignatures(pdf);
  expect(report).toContain('Signature is Valid.');
  expect(report).toContain('Signature Type: ETSI.CAdES.detached');
  expect(report).toContain('Total document signed');
  expect(report).toContain(`${SEAL.name}:${SEAL.cpf}`);
  return pdf;
}
