import { X509Certificate } from 'node:crypto';
import type { Config } from '../../config';
import type { Executor } from '../../db/client';
import type { SignerFacts } from '../../documents/signing/certificate';
import { loadSigning } from '../../documents/signing/load';
import { asRefusal } from '../certificates/signatures';
import { checkRevocation } from '../signatures/revocation';
import { trustList } from '../signatures/trust';

/**
 * THE check of the certificate a cloud provider hands out, before any hash is sent to it: the very checks A1 and
 * A3 signatures go through — `checkSigner` (the chain through SIGNATURE_TRUST_PEM to an ICP-Brasil root, valid at
 * `at`, the e-CPF's CPF equal to the signer on record), then `checkRevocation` (issue 37: revoked or unknown is
 * refused). A refusal is the same 422 in Portuguese; nothing has changed yet. The signature that comes back is
 * checked again, revocation included, when it is accepted (certificates/signatures.ts acceptSigned).
 */
export async function checkProviderCertificate(
  db: Executor,
  config: Config,
  certificatePem: string,
  expected: { cpf: string; who: string },
  at: Date,
): Promise<SignerFacts> {
  return asRefusal(async () => {
    const { checkSigner, chainOf } = await loadSigning();
    const trust = await trustList(config);
    const facts = checkSigner(certificatePem, { trust, at, cpf: expected.cpf, who: expected.who });
    const certificate = new X509Certificate(certificatePem);
    await checkRevocation(db, config, certificate, chainOf(certificatePem, trust), at, expected.who);
    return facts;
  });
}
