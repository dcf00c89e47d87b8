import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { revocationAnswers } from '../../db/schema';
import type { RevocationCache } from '../../documents/signing/revocation';

/**
 * The revocation answers' cache in PostgreSQL (revocation_answers), shared by every instance: an answer is read
 * back only while its nextUpdate is ahead, and a newer one replaces it.
 */
export function databaseCache(db: Executor): RevocationCache {
  return {
    async find(kind, url, key, now) {
      const [row] = await db
        .select({ der: revocationAnswers.der })
        .from(revocationAnswers)
        .where(
          and(
            eq(revocationAnswers.kind, kind),
            eq(revocationAnswers.url, url),
            eq(revocationAnswers.subject_key, key),
            gt(revocationAnswers.next_update, now),
          ),
        );
      return row?.der ?? null;
    },
    async keep(answer) {
      await db
        .insert(revocationAnswers)
        .values({
          kind: answer.kind,
          url: answer.url,
          subject_key: answer.key,
          der: answer.der,
          this_update: answer.thisUpdate,
          next_update: answer.nextUpdate,
        })
        .onConflictDoUpdate({
          target: [revocationAnswers.kind, revocationAnswers.url, revocationAnswers.subject_key],
          set: {
            der: answer.der,
            this_update: answer.thisUpdate,
            next_update: answer.nextUpdate,
            fetched_at: sql`now()`,
          },
        });
    },
  };
}

/** Forgets answers past their nextUpdate (the maintenance job): none is ever read back, they only take room. */
export async function pruneRevocationAnswers(db: Executor): Promise<void> {
  await db.delete(revocationAnswers).where(lt(revocationAnswers.next_update, new Date()));
}
