import { sql } from 'drizzle-orm';
import { pruneRateLimitCounters } from '../lib/rate-limit';
import { sweepAttempts } from '../modules/cloud-signature/attempt-queries';
import { pruneRevocationAnswers } from '../modules/signatures/revocation-cache';
import type { JobHandler } from './runner';

/** Idempotency answers are replayed for 24 h (ARCHITECTURE "Idempotency"). */
export const IDEMPOTENCY_TTL_HOURS = 24;
/** Finished jobs stay visible this long; failed ones stay until an administrator deals with them. */
export const FINISHED_JOB_TTL_DAYS = 30;

/**
 * The `maintenance` job: forgets expired idempotency answers, ended rate-limit windows, old finished jobs, cloud
 * signing attempts older than a day and revocation answers past their nextUpdate.
 */
export const maintenanceHandler: JobHandler = async (_payload, { db }) => {
  await pruneRateLimitCounters(db);
  await sweepAttempts(db);
  await pruneRevocationAnswers(db);
  await db.execute(
    sql`delete from idempotency_keys where created_at < now() - make_interval(hours => ${IDEMPOTENCY_TTL_HOURS})`,
  );
  await db.execute(sql`delete from jobs where status = 'CONCLUIDO'
                        and finished_at < now() - make_interval(days => ${FINISHED_JOB_TTL_DAYS})`);
};
