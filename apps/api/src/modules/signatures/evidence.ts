import { createHash, X509Certificate } from 'node:crypto';
import { ErrorCode } from '@origem/contract/errors';
import type { SignatureEvidence } from '@origem/contract/schemas/document-verification';
import { and, eq, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Database, Executor, Tx } from '../../db/client';
import { certificates, signatureEvidence } from '../../db/schema';
import { loadSigning } from '../../documents/signing/load';
import { enqueueJob } from '../../jobs/queue';
import { AppError } from '../../lib/errors';
import { timestampOf } from './long-term';
import { checkRevocation } from './revocation';
import { configuredTrust } from './trust';

/**
 * Evidence records (issue 37): the COD stays plain XMLDSig as ALADI specifies, and beside it the product keeps,
 * for each issued document, an RFC 3161 timestamp over the exact bytes its XML download serves and each signer's
 * chain and revocation answers at signing time. A record is opened in the signing transaction (pending, with a
 * `signature_timestamp` job queued in the same transaction) and completed when the authority answers: at once
 * after the commit when it can, else by the job, retried with back-off; then the record type's completion runs
 * (a certificate is issued).
 */

export type EvidenceRecord = { type: 'certificate' | 'declaration'; id: number };

export type EvidenceAnswer = {
  kind: 'ocsp' | 'crl';
  url: string;
  /** DER, base64. */
  der: string;
  this_update: string;
  next_update: string | null;
};

export type EvidenceSigner = {
  /** exporter, entity, representative, or authority (the TSA). */
  role: string;
  name: string;
  /** PEM: the signer's certificate first, then its issuers to the root. */
  certificates: string[];
  answers: EvidenceAnswer[];
};

export const TIMESTAMP_JOB = 'signature_timestamp';

/**
 * A signer's chain (from the trust list) and its revocation answers at `at`: refuses (SignatureRefused) a revoked
 * certificate or one whose status is unknown. What goes into the evidence record.
 */
export async function signerEvidence(
  db: Executor,
  config: Config,
  pem: string,
  options: { at: Date; role: string; who: string },
): Promise<EvidenceSigner> {
  const { chainOf, commonNameOf } = await loadSigning();
  const trust = (await configuredTrust(config)) ?? [];
  const certificate = new X509Certificate(pem);
  const chain = chainOf(pem, trust);
  const statuses = await checkRevocation(db, config, certificate, chain, options.at, options.who);
  return {
    role: options.role,
    name: commonNameOf(certificate),
    certificates: [certificate, ...chain].map((c) => c.toString()),
    answers: statuses.map((s) => ({
      kind: s.answer.kind,
      url: s.answer.url,
      der: s.answer.der.toString('base64'),
      this_update: s.answer.thisUpdate.toISOString(),
      next_update: s.answer.nextUpdate?.toISOString() ?? null,
    })),
  };
}

const jobKey = (record: EvidenceRecord, document: string) =>
  `${TIMESTAMP_JOB}:${record.type}:${record.id}:${document}`;

export const sha256Hex = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/**
 * Opens (or opens again, for a new document) the record's evidence in the caller's transaction: pending, for
 * `bytes`, with the signers' evidence, and the job that completes it queued (it runs a little later: the request
 * tries first, right after its commit).
 */
export async function openEvidence(
  tx: Tx,
  record: EvidenceRecord,
  bytes: Buffer,
  signedAt: Date,
  signers: EvidenceSigner[],
): Promise<void> {
  const document = sha256Hex(bytes);
  await tx
    .insert(signatureEvidence)
    .values({
      record_type: record.type,
      record_id: record.id,
      status: 'pending',
      document_sha256: document,
      signed_at: signedAt,
      signers,
    })
    .onConflictDoUpdate({
      target: [signatureEvidence.record_type, signatureEvidence.record_id],
      set: {
        status: 'pending',
        document_sha256: document,
        signed_at: signedAt,
        signers,
        timestamp_reply: null,
        timestamped_at: null,
        authority: null,
        last_error: null,
        created_at: sql`now()`,
        completed_at: null,
      },
    });
  await enqueueJob(tx, {
    kind: TIMESTAMP_JOB,
    payload: { ...record },
    runAt: new Date(Date.now() + 30_000),
    dedupeKey: jobKey(record, document),
    maxAttempts: 40,
  });
}

export async function findEvidence(db: Executor, record: EvidenceRecord) {
  const [row] = await db
    .select()
    .from(signatureEvidence)
    .where(and(eq(signatureEvidence.record_type, record.type), eq(signatureEvidence.record_id, record.id)));
  return row ?? null;
}

/** What runs, in the completing transaction, once a record's evidence is complete (a certificate is issued). */
export type EvidenceCompletion = (tx: Tx, record: EvidenceRecord) => Promise<void>;

export type CompletionOutcome =
  | { status: 'complete' }
  | { status: 'pending'; error: string; firstFailure: boolean };

/**
 * Asks the authority for the record's timestamp and, when it answers, stores it with the TSA's own chain and
 * answers and runs `complete` in the same transaction. The authority's failure is recorded on the row
 * (`last_error`) and returned, never thrown: the job turns it into a retry.
 */
export async function completeEvidence(
  db: Database,
  config: Config,
  record: EvidenceRecord,
  complete: EvidenceCompletion,
): Promise<CompletionOutcome> {
  const row = await findEvidence(db, record);
  if (!row || row.status === 'complete') return { status: 'complete' };
  const digest = Buffer.from(row.document_sha256, 'hex');
  let addition: { reply: Buffer; genTime: Date; authority: string; tsa: EvidenceSigner | null };
  try {
    const timestamp = await timestampOf(config, digest);
    const tsaPem = timestamp.certificate.toString();
    const trusted = await configuredTrust(config);
    // The TSA's chain and answers too, when it chains to the trust list (the authority is checked as a signer is).
    let tsa: EvidenceSigner | null = null;
    if (trusted) {
      const { chainOf } = await loadSigning();
      if (chainOf(tsaPem, trusted).length > 0) {
        tsa = await signerEvidence(db, config, tsaPem, {
          at: timestamp.genTime,
          role: 'authority',
          who: `a autoridade de carimbo do tempo ${timestamp.authority}`,
        });
      }
    }
    addition = { reply: timestamp.response, genTime: timestamp.genTime, authority: timestamp.authority, tsa };
  } catch (err) {
    const error = (err as Error).message.slice(0, 1000);
    const [failed] = await db
      .update(signatureEvidence)
      .set({ last_error: error })
      .where(eq(signatureEvidence.id, row.id))
      .returning({ id: signatureEvidence.id });
    return { status: 'pending', error, firstFailure: Boolean(failed) && row.last_error === null };
  }
  await db.transaction(async (tx) => {
    const [done] = await tx
      .update(signatureEvidence)
      .set({
        status: 'complete',
        timestamp_reply: addition.reply,
        timestamped_at: addition.genTime,
        authority: addition.authority.slice(0, 255),
        signers: [...(row.signers as EvidenceSigner[]), ...(addition.tsa ? [addition.tsa] : [])],
        last_error: null,
        completed_at: new Date(),
      })
      .where(
        and(
          eq(signatureEvidence.id, row.id),
          eq(signatureEvidence.status, 'pending'),
          eq(signatureEvidence.document_sha256, row.document_sha256),
        ),
      )
      .returning({ id: signatureEvidence.id });
    if (!done) return;
    await complete(tx, record);
    // Completed here (right after the signing request): the queued job has nothing left to do.
    await tx.execute(
      sql`update jobs set status = 'CONCLUIDO', finished_at = now()
           where dedupe_key = ${jobKey(record, row.document_sha256)} and status = 'PENDENTE'`,
    );
  });
  return { status: 'complete' };
}

type EvidenceRow = NonNullable<Awaited<ReturnType<typeof findEvidence>>>;

/** What the detail screens and the public verification page show of a record's evidence. */
export function evidenceSummary(row: EvidenceRow | null): SignatureEvidence {
  if (!row) return { status: 'none', signed_at: null, timestamped_at: null, authority: null, signers: [] };
  return {
    status: row.status === 'complete' ? 'complete' : 'pending',
    signed_at: row.signed_at.toISOString(),
    timestamped_at: row.timestamped_at?.toISOString() ?? null,
    authority: row.authority,
    signers: (row.signers as EvidenceSigner[])
      .filter((s) => s.role !== 'authority')
      .map((s) => ({ role: s.role, name: s.name })),
  };
}

/** The record's timestamp reply (DER), or a 404 saying why there is none yet. */
export async function timestampReplyOf(db: Executor, record: EvidenceRecord): Promise<Buffer> {
  const row = await findEvidence(db, record);
  if (!row?.timestamp_reply) {
    throw new AppError(
      404,
      ErrorCode.NotFound,
      row
        ? 'O carimbo do tempo deste documento ainda não foi emitido: a autoridade não respondeu, o Origem tenta de novo automaticamente.'
        : 'Este documento ainda não tem registro de evidência (é criado na assinatura).',
    );
  }
  return row.timestamp_reply;
}

/** The evidence of the certificate issued under `certificateId` (its COD's CertificateID), if any. */
export async function evidenceOfCertificateNumber(db: Executor, certificateId: string) {
  const [row] = await db
    .select({ evidence: signatureEvidence })
    .from(signatureEvidence)
    .innerJoin(certificates, eq(certificates.id, signatureEvidence.record_id))
    .where(
      and(
        eq(signatureEvidence.record_type, 'certificate'),
        eq(certificates.certificate_number, certificateId),
      ),
    );
  return row?.evidence ?? null;
}
