import { X509Certificate } from 'node:crypto';
import type { DocumentVerification } from '@origem/contract/schemas/document-verification';
import { loadSigning } from '../../documents/signing/load';
import type { EvidenceSigner } from './evidence';

/**
 * An evidence record checked against a file (the public "Verificar documento" page, the tests): the timestamp
 * must date these very bytes and come from a trusted authority, and each signer's answers kept with it must say
 * the certificate was not revoked at signing time — however long ago that was, whatever happened since.
 */

type Row = {
  timestamp_reply: Buffer | null;
  signed_at: Date;
  signers: unknown;
};

export async function checkEvidence(
  row: Row,
  bytes: Buffer,
  trust: X509Certificate[],
): Promise<NonNullable<DocumentVerification['evidence']>> {
  const { acceptResponse, checkChain, statusFromAnswers, sha256, SignatureRefused, TimestampUnavailable } =
    await loadSigning();
  let timestamp: NonNullable<DocumentVerification['evidence']>['timestamp'];
  if (!row.timestamp_reply) {
    timestamp = {
      ok: false,
      message: 'O registro de evidência ainda aguarda o carimbo do tempo.',
      gen_time: null,
      authority: null,
    };
  } else {
    try {
      const reply = acceptResponse(row.timestamp_reply, sha256([bytes]), null);
      try {
        checkChain(reply.certificate.toString(), { trust, at: reply.genTime });
        timestamp = {
          ok: true,
          message: null,
          gen_time: reply.genTime.toISOString(),
          authority: reply.authority,
        };
      } catch {
        timestamp = {
          ok: false,
          message: `A autoridade de carimbo do tempo (${reply.authority}) não é confiável.`,
          gen_time: reply.genTime.toISOString(),
          authority: reply.authority,
        };
      }
    } catch (err) {
      const message =
        err instanceof TimestampUnavailable || err instanceof SignatureRefused
          ? 'O carimbo do tempo do registro de evidência não corresponde a este arquivo.'
          : String((err as Error).message);
      timestamp = { ok: false, message, gen_time: null, authority: null };
    }
  }
  const signers = (row.signers as EvidenceSigner[]).filter((s) => s.role !== 'authority');
  return {
    timestamp,
    signers: signers.map((signer) => {
      const chain = signer.certificates.map((pem) => new X509Certificate(pem));
      const answers = {
        ocsps: signer.answers.filter((a) => a.kind === 'ocsp').map((a) => Buffer.from(a.der, 'base64')),
        crls: signer.answers.filter((a) => a.kind === 'crl').map((a) => Buffer.from(a.der, 'base64')),
      };
      for (let i = 0; i + 1 < chain.length; i++) {
        const status = statusFromAnswers(
          chain[i] as X509Certificate,
          chain[i + 1] as X509Certificate,
          answers,
          row.signed_at,
        );
        if (!status) {
          return {
            role: signer.role,
            name: signer.name,
            revocation: {
              status: 'unknown' as const,
              message: 'O registro não traz resposta de revogação para a data da assinatura.',
            },
          };
        }
        if (status.statusAt === 'revoked') {
          return {
            role: signer.role,
            name: signer.name,
            revocation: {
              status: 'revoked' as const,
              message: 'O certificado já estava revogado na data da assinatura.',
            },
          };
        }
      }
      return {
        role: signer.role,
        name: signer.name,
        revocation: {
          status: 'good' as const,
          message:
            'Não revogado na data da assinatura (respostas OCSP/LCR guardadas no registro de evidência).',
        },
      };
    }),
  };
}
