import { ErrorCode } from '@origem/contract/errors';
import { sql } from 'drizzle-orm';
import { type Executor, queryRows, type Tx } from '../db/client';
import type { ServiceContext } from './context';
import { AppError } from './errors';

/**
 * `Idempotency-Key` (ARCHITECTURE "Idempotency"): the key is reserved before the request runs, tied to the record
 * the change creates inside the change's own transaction, and given the answer once it is sent. A retry finds one of
 * these three stages and is answered accordingly; nothing is ever created twice.
 */

/** A request that holds the reservation of its `Idempotency-Key`. */
export type IdempotencyClaim = {
  userId: number;
  key: string;
  /** Set once the change's first audit row tied the key to its record. */
  tied: boolean;
};

export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** Letters, digits and `-_.:` (UUIDs and the like), at most 100. */
export const IDEMPOTENCY_KEY = /^[A-Za-z0-9_.:-]{1,100}$/;
/** A reservation with no record after this long belonged to a request that died before committing. */
const ABANDONED_AFTER_SECONDS = 60;

export type StoredKey = {
  route: string;
  fingerprint: string;
  record_type: string | null;
  record_id: number | null;
  status_code: number | null;
  response: string | null;
  abandoned: boolean;
};

export const idempotencyConflict = (message: string, details?: Record<string, unknown>) =>
  new AppError(409, ErrorCode.IdempotencyConflict, message, undefined, details);

/**
 * Reserves the key for this request (committed at once, outside the change's transaction, so a concurrent retry
 * sees it). Returns null when reserved; otherwise what an earlier request with the same key left.
 */
export async function reserveKey(
  db: Executor,
  claim: { userId: number; key: string; route: string; fingerprint: string },
): Promise<StoredKey | null> {
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const inserted = await queryRows<{ key: string }>(
      db,
      sql`insert into idempotency_keys (user_id, key, route, fingerprint)
          values (${claim.userId}, ${claim.key}, ${claim.route}, ${claim.fingerprint})
          on conflict (user_id, key) do nothing returning key`,
    );
    if (inserted.length > 0) return null;
    const [existing] = await queryRows<StoredKey>(
      db,
      sql`select route, fingerprint, record_type, record_id, status_code, response,
                 (record_id is null and response is null
                  and created_at < now() - make_interval(secs => ${ABANDONED_AFTER_SECONDS}))
                  or created_at < now() - interval '24 hours' as abandoned
            from idempotency_keys where user_id = ${claim.userId} and key = ${claim.key}`,
    );
    if (!existing) continue;
    if (!existing.abandoned) return existing;
    await db.execute(
      sql`delete from idempotency_keys where user_id = ${claim.userId} and key = ${claim.key}`,
    );
  }
  throw idempotencyConflict('Esta solicitação já está sendo processada. Aguarde e atualize a página.');
}

/**
 * Called by `recordAudit` with the change's first audit row: ties the key to the record in the change's
 * transaction, so "committed" and "the key knows its record" are one fact.
 */
export async function tieKeyToRecord(
  tx: Tx,
  ctx: ServiceContext,
  record: { type: string; id: number | null },
): Promise<void> {
  const claim = ctx.idempotency;
  if (!claim || claim.tied) return;
  await tx.execute(sql`update idempotency_keys set record_type = ${record.type}, record_id = ${record.id}
                        where user_id = ${claim.userId} and key = ${claim.key}`);
  claim.tied = true;
}

/** After a success: keeps the answer, so a retry with the same key gets exactly this answer back. */
export async function storeAnswer(
  db: Executor,
  claim: IdempotencyClaim,
  statusCode: number,
  body: string,
): Promise<void> {
  await db.execute(sql`update idempotency_keys set status_code = ${statusCode}, response = ${body}
                        where user_id = ${claim.userId} and key = ${claim.key}`);
}

/**
 * After a refusal: frees the key, unless the change had committed (its record is tied), so the corrected request
 * can be sent again with the same key.
 */
export async function releaseKey(db: Executor, claim: IdempotencyClaim): Promise<void> {
  await db.execute(sql`delete from idempotency_keys
                        where user_id = ${claim.userId} and key = ${claim.key} and record_id is null
                          and response is null`);
}
