import type { JobListQuery, JobStatus } from '@origem/contract/schemas/jobs';
import { and, eq, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client';
import { jobs } from '../../db/schema';
import { keysetOrder, mapPage, paginate } from '../../lib/paging';

const iso = (value: Date) => value.toISOString();

/** Jobs newest first: the table grows with every e-mail, so the list pages by keyset and caps its count. */
export async function pageJobs(db: Executor, query: JobListQuery) {
  const where = and(
    query.status ? eq(jobs.status, query.status) : undefined,
    query.kind ? eq(jobs.kind, query.kind) : undefined,
  );
  const page = await paginate(db, query, {
    where,
    order: keysetOrder(jobs, 'desc', [], jobs.id),
    rows: (filter) =>
      db
        .select({
          id: jobs.id,
          kind: jobs.kind,
          status: jobs.status,
          attempts: jobs.attempts,
          max_attempts: jobs.max_attempts,
          run_at: jobs.run_at,
          last_error: jobs.last_error,
          created_at: jobs.created_at,
          finished_at: jobs.finished_at,
        })
        .from(jobs)
        .where(filter)
        .$dynamic(),
    ids: (filter) => db.select({ id: jobs.id }).from(jobs).where(filter).$dynamic(),
  });
  return mapPage(page, (row) => ({
    ...row,
    status: row.status as JobStatus,
    run_at: iso(row.run_at),
    created_at: iso(row.created_at),
    finished_at: row.finished_at ? iso(row.finished_at) : null,
  }));
}

/** Puts a failed job back in the queue with fresh attempts; null when it is not FALHOU. */
export async function retryFailedJob(db: Executor, id: number): Promise<{ kind: string } | null> {
  const [row] = await queryRows<{ kind: string }>(
    db,
    sql`update jobs set status = 'PENDENTE', attempts = 0, run_at = now(), last_error = null, finished_at = null
         where id = ${id} and status = 'FALHOU' returning kind`,
  );
  return row ?? null;
}

export async function jobExists(db: Executor, id: number): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(db, sql`select id from jobs where id = ${id}`);
  return rows.length > 0;
}
