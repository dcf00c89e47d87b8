import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client';

export type NewJob = {
  kind: string;
  payload?: Record<string, unknown>;
  /** Not before this moment (default: now). */
  runAt?: Date;
  /** A second job with the same key is not created (recurring slots, one job per subject). */
  dedupeKey?: string;
  maxAttempts?: number;
};

/**
 * Queues background work in the caller's transaction: it runs only if the change commits, and it survives a
 * restart because it is a row. Returns false when a job with the same dedupe key already exists.
 */
export async function enqueueJob(db: Executor, job: NewJob): Promise<boolean> {
  const result = (await db.execute(sql`
    insert into jobs (kind, payload, run_at, dedupe_key, max_attempts)
    values (${job.kind}, ${JSON.stringify(job.payload ?? {})}::jsonb, ${job.runAt ?? new Date()},
            ${job.dedupeKey ?? null}, ${job.maxAttempts ?? 8})
    on conflict (dedupe_key) do nothing
    returning id`)) as unknown as { rows: unknown[] };
  return result.rows.length > 0;
}
