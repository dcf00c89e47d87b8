import { and, eq, lt, sql } from 'drizzle-orm';
import type { Database, Executor, Tx } from '../../db/client';
import { cloudSignatureAttempts } from '../../db/schema';
import { seal, unseal } from '../../lib/sealed';
import type { Purpose } from './targets';

/** The cloud signing attempts (PostgreSQL, so the callback may reach any instance). */

export type AttemptRow = {
  id: number;
  purpose: Purpose;
  record_id: number;
  provider_key: string;
  provider_name: string;
  signer_cpf: string;
  document: string;
  created_at: Date;
};

/** An attempt's words on a new start: the older ones of this user on this record and signature stop waiting. */
export async function supersedePending(tx: Tx, purpose: Purpose, recordId: number, userId: number) {
  await tx
    .update(cloudSignatureAttempts)
    .set({ status: 'superseded', code_verifier: null, document: null, finished_at: new Date() })
    .where(
      and(
        eq(cloudSignatureAttempts.purpose, purpose),
        eq(cloudSignatureAttempts.record_id, recordId),
        eq(cloudSignatureAttempts.user_id, userId),
        eq(cloudSignatureAttempts.status, 'pending'),
      ),
    );
}

export async function insertAttempt(
  tx: Tx,
  values: {
    stateHash: string;
    purpose: Purpose;
    recordId: number;
    userId: number;
    providerKey: string;
    providerName: string;
    signerCpf: string;
    verifier: string;
    document: string;
    createdAt: Date;
    expiresAt: Date;
  },
): Promise<void> {
  await tx.insert(cloudSignatureAttempts).values({
    state_hash: values.stateHash,
    purpose: values.purpose,
    record_id: values.recordId,
    user_id: values.userId,
    provider_key: values.providerKey,
    provider_name: values.providerName,
    signer_cpf: values.signerCpf,
    code_verifier: seal(values.verifier),
    document: values.document,
    created_at: values.createdAt,
    expires_at: values.expiresAt,
  });
}

export type Claim =
  | { kind: 'unknown' }
  | { kind: 'used' | 'expired'; row: Pick<AttemptRow, 'id' | 'purpose' | 'record_id' | 'provider_name'> }
  | { kind: 'claimed'; row: AttemptRow; verifier: string };

/**
 * The attempt a callback's `state` names, taken once: locked, it must be this user's, still pending and unexpired;
 * then it becomes `claimed` and its verifier is erased in the same statement, so a second callback with the same
 * state — whatever the provider answers, on any instance — finds it used. An expired one is closed as failed.
 */
export function claimAttempt(
  db: Database,
  stateHash: string,
  userId: number,
  expiredText: string,
): Promise<Claim> {
  return db.transaction(async (tx): Promise<Claim> => {
    const [row] = await tx
      .select()
      .from(cloudSignatureAttempts)
      .where(eq(cloudSignatureAttempts.state_hash, stateHash))
      .for('update');
    // Another user's state is as unknown as a forged one: it stays usable by its owner.
    if (!row || row.user_id !== userId) return { kind: 'unknown' };
    const seen = {
      id: row.id,
      purpose: row.purpose as Purpose,
      record_id: row.record_id,
      provider_name: row.provider_name,
    };
    if (row.status !== 'pending' || !row.code_verifier || row.document === null)
      return { kind: 'used', row: seen };
    if (row.expires_at.getTime() <= Date.now()) {
      await close(tx, row.id, 'pending', 'failed', expiredText);
      return { kind: 'expired', row: seen };
    }
    await tx
      .update(cloudSignatureAttempts)
      .set({ status: 'claimed', code_verifier: null })
      .where(eq(cloudSignatureAttempts.id, row.id));
    return {
      kind: 'claimed',
      verifier: unseal(row.code_verifier),
      row: {
        ...seen,
        provider_key: row.provider_key,
        signer_cpf: row.signer_cpf,
        document: row.document,
        created_at: row.created_at,
      },
    };
  });
}

/** Ends an attempt that is `from` (its document erased); false when it was not in that state any more. */
async function close(
  db: Executor,
  id: number,
  from: 'pending' | 'claimed',
  to: 'completed' | 'failed',
  failure: string | null,
): Promise<boolean> {
  const done = await db
    .update(cloudSignatureAttempts)
    .set({ status: to, failure, document: null, code_verifier: null, finished_at: new Date() })
    .where(and(eq(cloudSignatureAttempts.id, id), eq(cloudSignatureAttempts.status, from)))
    .returning({ id: cloudSignatureAttempts.id });
  return done.length > 0;
}

/** The claimed attempt succeeded: in the signing transaction, so it completes with the signature or not at all. */
export const completeAttempt = (tx: Tx, id: number) => close(tx, id, 'claimed', 'completed', null);

/** The claimed attempt ended without a signature, for `failure` (what the signer read). */
export const failAttempt = (db: Executor, id: number, failure: string) =>
  close(db, id, 'claimed', 'failed', failure);

/** Attempts are working state, not the record (the audit trail is): a day after they start they go. */
export async function sweepAttempts(db: Executor): Promise<void> {
  await db
    .delete(cloudSignatureAttempts)
    .where(lt(cloudSignatureAttempts.created_at, sql`now() - interval '1 day'`));
}
