import type { X509Certificate } from 'node:crypto';
import type { Config } from '../../config';
import type { Executor } from '../../db/client';
import { loadSigning } from '../../documents/signing/load';
import type { CertificateStatus } from '../../documents/signing/revocation';
import { databaseCache } from './revocation-cache';

/**
 * Revocation at signing time, the one check every signature the product makes or accepts goes through (issue 37:
 * A1 and A3 signatures of CODs and declarations, the entity's seal; issue 38's cloud signatures call it too):
 *
 *     const statuses = await checkRevocation(db, config, certificate, chain, at, 'do responsável legal');
 *
 * `certificate` is the signer's, `chain` its issuers up to the root (as the trust list gives them: chainOf), `at`
 * the signing time. Each certificate but the root is asked at the addresses it names itself (OCSP, then its CRL
 * distribution points), answers verified and kept in PostgreSQL (revocation_answers, every instance) until their
 * nextUpdate. Throws SignatureRefused (a 422 through `asRefusal`) with "… foi revogado em …" when one was revoked by
 * `at`, and when its status is unknown (no answer to be had). Returns each link's status with the answer that
 * said so, for the PDF's DSS and the evidence records.
 */
export async function checkRevocation(
  db: Executor,
  config: Pick<Config, 'revocationTimeoutMs'>,
  certificate: X509Certificate,
  chain: X509Certificate[],
  at: Date,
  who = 'quem assinou',
): Promise<CertificateStatus[]> {
  const { checkChainRevocation } = await loadSigning();
  return checkChainRevocation([certificate, ...chain], databaseCache(db), revocationSettings(config), {
    at,
    who,
  });
}

export const revocationSettings = (config: Pick<Config, 'revocationTimeoutMs'>) => ({
  timeoutMs: config.revocationTimeoutMs,
});
