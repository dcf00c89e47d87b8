import type { Config } from '../../config';
import type { SignerFacts } from '../../documents/signing/certificate';
import { loadSigning } from '../../documents/signing/load';
import { asRefusal, trustList } from '../certificates/signatures';

/**
 * THE check of the certificate a cloud provider hands out, before any hash is sent to it: the very function A1 and
 * A3 signatures go through (`checkSigner`: the chain through SIGNATURE_TRUST_PEM to an ICP-Brasil root, valid at
 * `at`, the e-CPF's CPF equal to the signer on record), so whatever that check adds (revocation, issue 37) applies
 * here too. A refusal is the same 422 in Portuguese; nothing has changed yet.
 */
export async function checkProviderCertificate(
  config: Config,
  certificatePem: string,
  expected: { cpf: string; who: string },
  at: Date,
): Promise<SignerFacts> {
  return asRefusal(async () => {
    const { checkSigner } = await loadSigning();
    return checkSigner(certificatePem, {
      trust: await trustList(config),
      at,
      cpf: expected.cpf,
      who: expected.who,
    });
  });
}
