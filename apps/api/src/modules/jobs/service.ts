import { type JobListQuery, jobMessages } from '@origem/contract/schemas/jobs';
import type { Database } from '../../db/client';
import { recordAudit } from '../../lib/audit';
import type { ServiceContext } from '../../lib/context';
import { conflict, notFound } from '../../lib/errors';
import * as q from './queries';

export function listJobs(db: Database, query: JobListQuery) {
  return q.pageJobs(db, query);
}

/** A failed job back in the queue, audited; anything else is refused. */
export async function retryJob(db: Database, ctx: ServiceContext, id: number) {
  await db.transaction(async (tx) => {
    const retried = await q.retryFailedJob(tx, id);
    if (!retried) {
      if (!(await q.jobExists(tx, id))) throw notFound();
      throw conflict(jobMessages.notRetriable);
    }
    await recordAudit(tx, ctx, { event: 'retried', type: 'job', id, new: { kind: retried.kind } });
  });
  return { message: jobMessages.retried };
}
