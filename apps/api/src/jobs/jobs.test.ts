import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase, queryRows } from '../db/client';
import { openTestDatabase } from '../test/database';
import { enqueueJob } from './queue';
import { type JobHandler, JobRunner } from './runner';

/** The jobs kernel on a real database (PGlite, and PostgreSQL when DATABASE_URL is set). */

const log = Fastify({ logger: false }).log;
let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(() => handle.close());

type JobRow = {
  id: number;
  kind: string;
  status: string;
  attempts: number;
  last_error: string | null;
  run_at: Date;
};
async function jobsOf(kind: string): Promise<JobRow[]> {
  return queryRows<JobRow>(
    handle.db,
    sql`select id::int, kind, status, attempts, last_error, run_at from jobs where kind = ${kind} order by id`,
  );
}

describe('JobRunner', () => {
  it('runs a queued job once and marks it done', async () => {
    const seen: unknown[] = [];
    const runner = new JobRunner(handle.db, log, { echo: async (payload) => void seen.push(payload) });
    await enqueueJob(handle.db, { kind: 'echo', payload: { n: 1 } });
    expect(await runner.runDue()).toBe(1);
    expect(await runner.runDue()).toBe(0);
    expect(seen).toEqual([{ n: 1 }]);
    expect((await jobsOf('echo')).map((j) => j.status)).toEqual(['CONCLUIDO']);
  });

  it('does not queue a job whose transaction rolled back', async () => {
    await handle.db
      .transaction(async (tx) => {
        await enqueueJob(tx, { kind: 'ghost' });
        throw new Error('desfeito');
      })
      .catch(() => undefined);
    expect(await jobsOf('ghost')).toEqual([]);
  });

  it('retries a failure with back-off and leaves it FALHOU after the last attempt', async () => {
    let calls = 0;
    const runner = new JobRunner(handle.db, log, {
      flaky: async () => {
        calls += 1;
        throw new Error(`falha ${calls}`);
      },
    });
    await enqueueJob(handle.db, { kind: 'flaky', maxAttempts: 2 });
    await runner.runDue();
    const [first] = await jobsOf('flaky');
    expect(first).toMatchObject({ status: 'PENDENTE', attempts: 1, last_error: 'falha 1' });
    // Back-off: not due again for ~15 s.
    expect(new Date(first?.run_at ?? 0).getTime()).toBeGreaterThan(Date.now() + 10_000);
    expect(await runner.runDue()).toBe(0);
    await handle.db.execute(sql`update jobs set run_at = now() where kind = 'flaky'`);
    await runner.runDue();
    expect(await jobsOf('flaky')).toMatchObject([{ status: 'FALHOU', attempts: 2, last_error: 'falha 2' }]);
    expect(calls).toBe(2);
  });

  it('fails a job of an unknown kind at once, keeping it for the administrator', async () => {
    const runner = new JobRunner(handle.db, log, {});
    await enqueueJob(handle.db, { kind: 'unknown_kind' });
    await runner.runDue();
    expect(await jobsOf('unknown_kind')).toMatchObject([
      { status: 'FALHOU', attempts: 1, last_error: 'tipo de tarefa desconhecido: unknown_kind' },
    ]);
  });

  it('takes back a job whose worker died (its lease ran out)', async () => {
    const seen: number[] = [];
    await enqueueJob(handle.db, { kind: 'orphan' });
    await handle.db.execute(sql`update jobs set status = 'EXECUTANDO', attempts = 1,
      locked_until = now() - interval '1 second' where kind = 'orphan'`);
    const runner = new JobRunner(handle.db, log, { orphan: async (_p, ctx) => void seen.push(ctx.attempt) });
    await runner.runDue();
    expect(seen).toEqual([2]);
    expect((await jobsOf('orphan'))[0]?.status).toBe('CONCLUIDO');
  });

  it('creates one recurring job per period, however many instances tick', async () => {
    const runners = [1, 2, 3].map(
      () =>
        new JobRunner(handle.db, log, { tick_kind: async () => undefined }, [
          { kind: 'tick_kind', everyMs: 3_600_000 },
        ]),
    );
    const now = new Date();
    await Promise.all(runners.map((runner) => runner.enqueueScheduled(now)));
    await runners[0]?.enqueueScheduled(now);
    expect(await jobsOf('tick_kind')).toHaveLength(1);
  });

  it('shares the queue between instances: every job runs exactly once', async () => {
    // On PostgreSQL each instance has its own connection pool, as separate servers would.
    const second = process.env.DATABASE_URL ? await openSecondConnection() : null;
    const runs = new Map<number, number>();
    const handler: JobHandler = async (_payload, ctx) => {
      runs.set(ctx.jobId, (runs.get(ctx.jobId) ?? 0) + 1);
      await new Promise((resolve) => setTimeout(resolve, 2));
    };
    for (let i = 0; i < 60; i += 1) await enqueueJob(handle.db, { kind: 'shared', payload: { i } });
    const a = new JobRunner(handle.db, log, { shared: handler }, [], { batch: 5 });
    const b = new JobRunner(second?.db ?? handle.db, log, { shared: handler }, [], { batch: 5 });
    const [ranA, ranB] = await Promise.all([a.runDue(['shared']), b.runDue(['shared'])]);
    await second?.close();
    expect(ranA + ranB).toBe(60);
    expect(runs.size).toBe(60);
    expect([...runs.values()].every((n) => n === 1)).toBe(true);
    expect((await jobsOf('shared')).every((job) => job.status === 'CONCLUIDO')).toBe(true);
  });
});

/** The same PostgreSQL database through a second pool (another "instance"). */
async function openSecondConnection() {
  const [row] = await queryRows<{ db: string }>(handle.db, sql`select current_database() as db`);
  const url = new URL(process.env.DATABASE_URL ?? '');
  url.pathname = `/${row?.db}`;
  return openDatabase({ databaseUrl: url.toString() });
}
