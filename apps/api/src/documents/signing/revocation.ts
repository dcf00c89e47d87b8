import type { X509Certificate } from 'node:crypto';
import { SignatureRefused } from './errors';
import { exchange } from './http';
import {
  type AnswerStatus,
  ocspKey,
  ocspRequest,
  type ReadAnswer,
  type RevocationKind,
  readCrl,
  readOcsp,
  revocationAddresses,
  UnusableAnswer,
} from './revocation-answers';
import { commonNameOf } from './timestamp-token';

/**
 * Revocation at signing time: each certificate of a chain but its root asked about at the addresses it names
 * itself (OCSP first, then its CRL distribution points), the answers verified, and the chain refused when one is
 * revoked or when no usable answer says anything (unknown is refused too). Answers are kept in a cache the caller
 * provides (PostgreSQL in the server: every instance shares it) until their nextUpdate, never beyond; an answer
 * without one is never kept. The answers used are returned: they go into the PDF's DSS and the evidence records.
 */

export type RevocationSettings = { timeoutMs: number };

export type RevocationAnswer = {
  kind: RevocationKind;
  url: string;
  der: Buffer;
  thisUpdate: Date;
  nextUpdate: Date | null;
};

/** Where verified answers are kept between checks (modules/signatures/revocation.ts: a table). */
export type RevocationCache = {
  /** A kept answer still within its nextUpdate at `now`, or null. */
  find(kind: RevocationKind, url: string, key: string, now: Date): Promise<Buffer | null>;
  /** Keeps a verified answer until its nextUpdate (only answers that have one are given). */
  keep(answer: RevocationAnswer & { key: string; nextUpdate: Date }): Promise<void>;
};

export type CertificateStatus = {
  certificate: X509Certificate;
  issuer: X509Certificate;
  status: 'good' | 'revoked';
  /** Set when revoked, even after `at` (then the status at `at` is good). */
  revokedAt: Date | null;
  answer: RevocationAnswer;
};

/** No answer could be had or relied on: the reasons, for the refusal and the log. */
export class RevocationUnknown extends Error {
  constructor(readonly reasons: string[]) {
    super(reasons.join('; '));
  }
}

/** Clocks differ: an answer made a little "in the future" is still fresh. */
const SKEW_MS = 5 * 60_000;
/** An answer without nextUpdate is relied on only this soon after it was made (and never cached). */
const WITHOUT_NEXT_UPDATE_MS = 60 * 60_000;
/** Answers embedded at signing time may predate the signature by their validity, and follow it by this much. */
const EMBEDDED_AFTER_MS = 24 * 60 * 60_000;

const isRoot = (c: X509Certificate) => c.checkIssued(c) && c.verify(c.publicKey);

/** Whether an answer read now may be relied on now. */
function current(answer: ReadAnswer, now: Date): boolean {
  if (answer.thisUpdate.getTime() > now.getTime() + SKEW_MS) return false;
  if (answer.nextUpdate) return answer.nextUpdate.getTime() > now.getTime();
  return answer.thisUpdate.getTime() >= now.getTime() - WITHOUT_NEXT_UPDATE_MS;
}

/** Whether an answer embedded next to a signature speaks for the moment `at` the signature was made. */
export function covers(answer: ReadAnswer, at: Date): boolean {
  if (answer.thisUpdate.getTime() > at.getTime() + EMBEDDED_AFTER_MS) return false;
  if (answer.nextUpdate) return answer.nextUpdate.getTime() >= at.getTime() - SKEW_MS;
  return answer.thisUpdate.getTime() >= at.getTime() - WITHOUT_NEXT_UPDATE_MS;
}

const settled = (status: AnswerStatus): status is Exclude<AnswerStatus, { status: 'unknown' }> =>
  status.status !== 'unknown';

async function fetchAnswer(
  kind: RevocationKind,
  url: string,
  certificate: X509Certificate,
  issuer: X509Certificate,
  cache: RevocationCache,
  settings: RevocationSettings,
  now: Date,
): Promise<{ der: Buffer; read: ReadAnswer }> {
  const key = kind === 'ocsp' ? ocspKey(certificate, issuer) : '';
  const read = (der: Buffer) =>
    kind === 'ocsp' ? readOcsp(der, certificate, issuer) : readCrl(der, certificate, issuer);
  const kept = await cache.find(kind, url, key, now);
  if (kept) {
    try {
      const answer = read(kept);
      if (current(answer, now)) return { der: kept, read: answer };
    } catch {
      // A kept answer that no longer reads (another issuer at the same address): fetch it again.
    }
  }
  const { body } =
    kind === 'ocsp'
      ? await exchange(url, {
          method: 'POST',
          body: ocspRequest(certificate, issuer),
          contentType: 'application/ocsp-request',
          accept: 'application/ocsp-response',
          timeoutMs: settings.timeoutMs,
          maxBytes: 1024 * 1024,
        })
      : await exchange(url, { method: 'GET', timeoutMs: settings.timeoutMs, maxBytes: 64 * 1024 * 1024 });
  const answer = read(body);
  if (!current(answer, now)) throw new UnusableAnswer('resposta vencida (nextUpdate no passado)');
  if (answer.nextUpdate) {
    await cache.keep({
      kind,
      url,
      key,
      der: body,
      thisUpdate: answer.thisUpdate,
      nextUpdate: answer.nextUpdate,
    });
  }
  return { der: body, read: answer };
}

/**
 * The status of `certificate` now, from its OCSP responders then its CRLs (the first definite answer); throws
 * RevocationUnknown when none gives one.
 */
export async function certificateStatus(
  certificate: X509Certificate,
  issuer: X509Certificate,
  cache: RevocationCache,
  settings: RevocationSettings,
  now = new Date(),
): Promise<CertificateStatus> {
  const addresses = revocationAddresses(certificate);
  const reasons: string[] = [];
  if (addresses.ocsp.length === 0 && addresses.crl.length === 0) {
    reasons.push('o certificado não indica onde consultar a revogação (OCSP ou LCR)');
  }
  for (const [kind, urls] of [
    ['ocsp', addresses.ocsp],
    ['crl', addresses.crl],
  ] as const) {
    for (const url of urls) {
      try {
        const { der, read } = await fetchAnswer(kind, url, certificate, issuer, cache, settings, now);
        if (!settled(read)) {
          reasons.push(`${url}: situação desconhecida`);
          continue;
        }
        return {
          certificate,
          issuer,
          status: read.status,
          revokedAt: read.status === 'revoked' ? read.revokedAt : null,
          answer: { kind, url, der, thisUpdate: read.thisUpdate, nextUpdate: read.nextUpdate },
        };
      } catch (err) {
        reasons.push(`${url}: ${(err as Error).message}`);
      }
    }
  }
  throw new RevocationUnknown(reasons);
}

const date = (at: Date) =>
  at.toLocaleString('pt-BR', { timeZone: 'America/Sao_Paulo', dateStyle: 'short', timeStyle: 'short' });

/**
 * Checks every certificate of `chain` (the signer's first, then its issuers up to the root) at `at`: a refusal in
 * Portuguese naming `who` when one was revoked by then ("… foi revogado …") or when its status is unknown. Returns
 * the statuses with the answers that said so, root excluded.
 */
export async function checkChainRevocation(
  chain: X509Certificate[],
  cache: RevocationCache,
  settings: RevocationSettings,
  options: { at: Date; who: string },
): Promise<CertificateStatus[]> {
  const statuses: CertificateStatus[] = [];
  for (let i = 0; i < chain.length; i++) {
    const certificate = chain[i] as X509Certificate;
    if (isRoot(certificate)) break;
    const issuer = chain[i + 1];
    const whose = i === 0 ? `de ${options.who}` : `da autoridade certificadora ${commonNameOf(certificate)}`;
    if (!issuer) {
      throw new SignatureRefused(
        `A cadeia do certificado digital ${whose} está incompleta: não se pode consultar a revogação.`,
      );
    }
    let status: CertificateStatus;
    try {
      status = await certificateStatus(certificate, issuer, cache, settings);
    } catch (err) {
      const reasons = err instanceof RevocationUnknown ? err.reasons.join('; ') : (err as Error).message;
      throw new SignatureRefused(
        `Não foi possível confirmar que o certificado digital ${whose} não foi revogado (situação desconhecida: ${reasons}). Tente novamente mais tarde.`,
      );
    }
    if (
      status.status === 'revoked' &&
      status.revokedAt &&
      status.revokedAt.getTime() <= options.at.getTime()
    ) {
      throw new SignatureRefused(
        `O certificado digital ${whose} foi revogado em ${date(status.revokedAt)}: a assinatura foi recusada.`,
      );
    }
    statuses.push(status);
  }
  return statuses;
}

/**
 * What answers embedded at signing time (a DSS, an evidence record) say of `certificate` at `at`: the first that is
 * about it, verifies and covers `at`. `null` when none does.
 */
export function statusFromAnswers(
  certificate: X509Certificate,
  issuer: X509Certificate,
  answers: { ocsps: Buffer[]; crls: Buffer[] },
  at: Date,
): (CertificateStatus & { statusAt: 'good' | 'revoked' }) | null {
  for (const [kind, list] of [
    ['ocsp', answers.ocsps],
    ['crl', answers.crls],
  ] as const) {
    for (const der of list) {
      let read: ReadAnswer;
      try {
        read = kind === 'ocsp' ? readOcsp(der, certificate, issuer) : readCrl(der, certificate, issuer);
      } catch {
        continue;
      }
      if (!settled(read) || !covers(read, at)) continue;
      const revokedAt = read.status === 'revoked' ? read.revokedAt : null;
      return {
        certificate,
        issuer,
        status: read.status,
        revokedAt,
        statusAt: revokedAt && revokedAt.getTime() <= at.getTime() ? 'revoked' : 'good',
        answer: { kind, url: '', der, thisUpdate: read.thisUpdate, nextUpdate: read.nextUpdate },
      };
    }
  }
  return null;
}
