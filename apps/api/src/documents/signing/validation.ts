import type { X509Certificate } from 'node:crypto';
import { chainFrom, checkChain } from './certificate';
import { SignatureRefused } from './errors';
import type { ValidationData } from './pades-dss';
import {
  type CertificateStatus,
  checkChainRevocation,
  type RevocationCache,
  type RevocationSettings,
} from './revocation';

/**
 * The validation data of a certificate at signing time: its chain (from the certificates given and the trust list)
 * and, when that chain reaches the trust list, the revocation answers of each link, a revoked or unknown one
 * refused. A certificate outside the trust list (the throw-away demonstration seal) gets its chain only, unless
 * `requireTrusted`, when it is refused.
 */
export async function gatherValidation(
  certificate: X509Certificate,
  pool: X509Certificate[],
  options: {
    trust: X509Certificate[];
    cache: RevocationCache;
    settings: RevocationSettings;
    at: Date;
    who: string;
    requireTrusted: boolean;
  },
): Promise<ValidationData & { statuses: CertificateStatus[] }> {
  const chain = chainFrom(certificate, [...pool, ...options.trust]);
  try {
    checkChain(certificate.toString(), { trust: options.trust, at: options.at });
  } catch (err) {
    if (options.requireTrusted) throw err;
    return { certificates: chain, ocsps: [], crls: [], statuses: [] };
  }
  if (chain.length < 2 && !chain[0]?.checkIssued(chain[0])) {
    throw new SignatureRefused(`A cadeia do certificado digital de ${options.who} está incompleta.`);
  }
  const statuses = await checkChainRevocation(chain, options.cache, options.settings, {
    at: options.at,
    who: options.who,
  });
  return {
    certificates: chain,
    ocsps: statuses.filter((s) => s.answer.kind === 'ocsp').map((s) => s.answer.der),
    crls: statuses.filter((s) => s.answer.kind === 'crl').map((s) => s.answer.der),
    statuses,
  };
}
