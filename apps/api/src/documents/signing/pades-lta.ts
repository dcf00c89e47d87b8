import type { X509Certificate } from 'node:crypto';
import type { CmsSigner, SignaturePolicy } from './cms';
import { type PadesOptions, signPdf } from './pades';
import { addDss, type ValidationData } from './pades-dss';
import { addDocumentTimestamp } from './pades-timestamp';
import { sha256, type Timestamp } from './tsa';

/**
 * A PDF sealed for the long term, PAdES B-LTA in three incremental updates: the signature with its policy and its
 * signature timestamp (B-T), the DSS with the chains and revocation answers of the signer and of the TSA gathered
 * now (B-LT), and the document timestamp over all of it (B-LTA). Revocation is asked before anything is signed, so
 * a revoked or unknown certificate never signs.
 */

export type LongTermServices = {
  /** An RFC 3161 timestamp over a SHA-256 digest, from the configured authority. */
  timestamp(digest: Buffer): Promise<Timestamp>;
  /**
   * The chain of `certificate` (its issuers found among `pool` and the trust list) and the revocation answers
   * for it now; refuses (throws) a revoked certificate or one whose status is unknown.
   */
  validation(certificate: X509Certificate, pool: X509Certificate[], who: string): Promise<ValidationData>;
  /** The signature policy the product claims, when configured (ICP-Brasil AD-RT). */
  policy?: SignaturePolicy;
};

export type LongTermPdf = { pdf: Buffer; signatureTimestamp: Timestamp; documentTimestamp: Timestamp };

export async function signPdfLongTerm(
  pdf: Buffer,
  signer: CmsSigner,
  options: PadesOptions,
  services: LongTermServices,
): Promise<LongTermPdf> {
  const signerData = await services.validation(
    signer.certificate,
    signer.chain,
    options.name ?? 'quem assina',
  );
  let signatureTimestamp: Timestamp | undefined;
  const bt = await signPdf(pdf, signer, options, {
    policy: services.policy,
    timestamp: async (value) => {
      signatureTimestamp = await services.timestamp(sha256([value]));
      return signatureTimestamp.token;
    },
  });
  if (!signatureTimestamp) throw new Error('sem carimbo do tempo da assinatura');
  const tsaData = await services.validation(
    signatureTimestamp.certificate,
    signatureTimestamp.certificates,
    `a autoridade de carimbo do tempo ${signatureTimestamp.authority}`,
  );
  const lt = addDss(bt, {
    certificates: [...signerData.certificates, ...tsaData.certificates],
    ocsps: [...signerData.ocsps, ...tsaData.ocsps],
    crls: [...signerData.crls, ...tsaData.crls],
  });
  let documentTimestamp: Timestamp | undefined;
  const lta = await addDocumentTimestamp(lt, async (digest) => {
    documentTimestamp = await services.timestamp(digest);
    return documentTimestamp.token;
  });
  if (!documentTimestamp) throw new Error('sem carimbo do tempo do documento');
  return { pdf: lta, signatureTimestamp, documentTimestamp };
}
