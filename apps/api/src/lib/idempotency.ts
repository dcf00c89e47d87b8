import { ErrorCode } from '@origem/contract/errors';
import { sql } from 'drizzle-orm';
import { type Executor, queryRows, type Tx } from '../db/client';
import type { IdempotencyClaim, ServiceContext } from './context';
import { AppError } from './errors';

/**
 * `Idempotency-Key` (ARCHITECTURE "Idempotency", issue 35). A request with a key runs in one transaction
 * (lib/request-transaction.ts) whose first statement claims the key and whose last stores the answer: a retry
 * finds either nothing (the first never committed: it runs now) or the answer (replayed). A retry that arrives while
 * the first is still running waits on the key's row until the first commits or rolls back.
 */

export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** Letters, digits and `-_.:` (UUIDs and the like), at most 100. */
export const IDEMPOTENCY_KEY = /^[A-Za-z0-9_.:-]{1,100}$/;

export type StoredKey = {
  route: string;
  fingerprint: string;
  record_type: string | null;
  record_id: number | null;
  status_code: number | null;
  response: string | null;
};

export const idempotencyConflict = (message: string, details?: Record<string, unknown>) =>
  new AppError(409, ErrorCode.IdempotencyConflict, message, undefined, details);

/** What an earlier request with this key committed (answers are kept 24 hours). */
export async function findKey(db: Executor, userId: number, key: string): Promise<StoredKey | null> {
  const [row] = await queryRows<StoredKey>(
    db,
    sql`select route, fingerprint, record_type, record_id, status_code, response
          from idempotency_keys
         where user_id = ${userId} and key = ${key} and created_at > now() - interval '24 hours'`,
  );
  return row ?? null;
}

/**
 * The first statement of the request's transaction. Waits while another request holds the same key uncommitted;
 * false when one committed it first. A row older than the answers' 24 hours is taken over.
 */
export async function claimKey(tx: Tx, claim: IdempotencyClaim): Promise<boolean> {
  await tx.execute(sql`delete from idempotency_keys
                        where user_id = ${claim.userId} and key = ${claim.key}
                          and created_at <= now() - interval '24 hours'`);
  const inserted = await queryRows<{ key: string }>(
    tx,
    sql`insert into idempotency_keys (user_id, key, route, fingerprint)
        values (${claim.userId}, ${claim.key}, ${claim.route}, ${claim.fingerprint})
        on conflict (user_id, key) do nothing returning key`,
  );
  return inserted.length > 0;
}

/** Called by `recordAudit` with the change's first audit row: the key names the record it made or changed. */
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

/** The last statement of a request that changed something: its answer, committed with the change. */
export async function storeAnswer(
  tx: Tx,
  claim: IdempotencyClaim,
  statusCode: number,
  body: string | null,
): Promise<void> {
  await tx.execute(sql`update idempotency_keys set status_code = ${statusCode}, response = ${body}
                        where user_id = ${claim.userId} and key = ${claim.key}`);
}

/** The last statement of a request that changed nothing: the key is free for the corrected request. */
export async function releaseKey(tx: Tx, claim: IdempotencyClaim): Promise<void> {
  await tx.execute(sql`delete from idempotency_keys where user_id = ${claim.userId} and key = ${claim.key}`);
}
