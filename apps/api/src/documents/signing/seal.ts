import { X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Config } from '../../config';
import { chainOf, parseTrustList } from './certificate';
import { type CmsSigner, keySigner } from './cms';
import { type PadesOptions, signPdf } from './pades';
import { type LongTermServices, signPdfLongTerm } from './pades-lta';
import { openPkcs12, type SigningIdentity } from './pkcs12';

/**
 * The certificate the server signs PDFs with (PAdES on `print-signed`): the issuing side's A1 (e-CNPJ) as a
 * PKCS#12 file the operator configures, opened once into memory; nothing of it is ever written. Without one, a
 * development or demo server uses a throw-away seal from the test PKI (readers show "emissor não confiável"),
 * and production refuses to sign.
 */

/** The settings it needs (config.ts): the PKCS#12 and its password, the trust list (the chain embedded next to the
 * signature for outside verifiers) and whether this is production. */
export type SealSettings = Pick<
  Config,
  'signatureSealPfx' | 'signatureSealPassword' | 'signatureTrustPem' | 'production'
>;

let cached: { key: string; seal: Promise<CmsSigner> } | null = null;

export function entitySeal(settings: SealSettings): Promise<CmsSigner> | null {
  if (!settings.signatureSealPfx && settings.production) return null;
  const key = [
    settings.signatureSealPfx ?? 'demo',
    settings.signatureSealPassword,
    settings.signatureTrustPem,
  ].join('\n');
  if (cached?.key !== key) {
    const seal = openSeal(settings);
    cached = { key, seal };
    // A file or password that fails is tried again on the next request (the operator may fix it meanwhile).
    seal.catch(() => {
      if (cached?.seal === seal) cached = null;
    });
  }
  return cached.seal;
}

/**
 * The PDF `make` produces, sealed now by the entity seal (`print-signed`): PAdES B-LTA with the long-term services
 * (a TSA, revocation); without them (outside production, no TSA configured) the baseline signature alone. Null
 * when this server has no seal or it fails to open, which the caller refuses in its own words. The document and
 * the seal are made side by side.
 */
export async function sealPdf(
  settings: SealSettings,
  make: () => Promise<Buffer>,
  options: PadesOptions,
  services: LongTermServices | null,
): Promise<Buffer | null> {
  const seal = entitySeal(settings);
  if (!seal) return null;
  const [pdf, signer] = await Promise.all([make(), seal.catch(() => null)]);
  if (!signer) return null;
  return services
    ? (await signPdfLongTerm(pdf, signer, options, services)).pdf
    : signPdf(pdf, signer, options);
}

/**
 * An A1 opened in memory (pkcs12.ts) as a PAdES signer, its chain taken from the trust list: what a request that
 * holds a signer's PKCS#12 (e.g. a declaration's A1 signature) passes to `signPdf`.
 */
export function cmsSigner(identity: SigningIdentity, trust: X509Certificate[] = []): CmsSigner {
  return keySigner(
    identity.privateKeyPem,
    new X509Certificate(identity.certificatePem),
    chainOf(identity.certificatePem, trust),
  );
}

async function openSeal(settings: SealSettings): Promise<CmsSigner> {
  const {
    signatureSealPfx: pfxPath,
    signatureSealPassword: password,
    signatureTrustPem: trustPath,
  } = settings;
  if (!pfxPath) {
    const { testCa, testPerson } = await import('./test-pki');
    const ca = testCa('AC Demonstracao Origem (sem valor legal)');
    const seal = testPerson(ca, { name: 'SELO DE DEMONSTRACAO ORIGEM', cpf: '00000000000' });
    return cmsSigner(
      { privateKeyPem: seal.keyPem, certificatePem: seal.certPem },
      parseTrustList(ca.certPem),
    );
  }
  const trust = trustPath ? parseTrustList(readFileSync(trustPath, 'utf8')) : [];
  return cmsSigner(openPkcs12(readFileSync(pfxPath), password ?? ''), trust);
}
