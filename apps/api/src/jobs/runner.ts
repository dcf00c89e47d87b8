import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type Database, queryRows } from '../db/client';
import { enqueueJob } from './queue';

export type JobContext = {
  db: Database;
  log: FastifyBaseLogger;
  jobId: number;
  /** 1 on the first run. */
  attempt: number;
  maxAttempts: number;
};

/** Does the work; throwing schedules a retry (or, after the last attempt, leaves the job FALHOU). */
export type JobHandler = (payload: Record<string, unknown>, context: JobContext) => Promise<void>;

/** A job created on a fixed period by whichever instance's tick comes first (one per slot, by dedupe key). */
export type Schedule = { kind: string; everyMs: number; payload?: Record<string, unknown> };

export type JobRunnerOptions = {
  /** How long a claimed job is reserved; a worker that dies mid-job releases it when this runs out. */
  leaseMs?: number;
  batch?: number;
  pollMs?: number;
};

type Claimed = {
  id: string | number;
  kind: string;
  payload: Record<string, unknown>;
  attempts: number;
  max_attempts: number;
};

/** Seconds before the n-th retry: 15 s, 30 s, 1 min … capped at an hour. */
export function retryDelaySeconds(attempt: number): number {
  return Math.min(3600, 15 * 2 ** Math.max(0, attempt - 1));
}

/**
 * The one background worker: claims due jobs with FOR UPDATE SKIP LOCKED under a lease (so several instances share
 * the queue and none holds a lock while working — PGlite has a single connection, and SMTP or a PDF can be slow),
 * runs each with its kind's handler, and records success, a retry with back-off, or FALHOU after the last attempt.
 */
export class JobRunner {
  private readonly leaseMs: number;
  private readonly batch: number;
  private readonly pollMs: number;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;
  private rerun: Promise<number> | null = null;
  private stopping = false;

  constructor(
    private readonly db: Database,
    private readonly log: FastifyBaseLogger,
    private readonly handlers: Readonly<Record<string, JobHandler>>,
    private readonly schedules: readonly Schedule[] = [],
    options: JobRunnerOptions = {},
  ) {
    this.leaseMs = options.leaseMs ?? 120_000;
    this.batch = options.batch ?? 20;
    this.pollMs = options.pollMs ?? 5_000;
  }

  get kinds(): string[] {
    return Object.keys(this.handlers);
  }

  start(): void {
    this.stopping = false;
    const tick = () => void this.tick().catch((err) => this.log.error({ err }, 'job tick failed'));
    this.timer = setInterval(tick, this.pollMs);
    this.timer.unref();
    tick();
  }

  async stop(): Promise<void> {
    this.stopping = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    while (this.rerun || this.running) await (this.rerun ?? this.running)?.catch(() => 0);
  }

  /** Creates the due recurring jobs, then runs what is due. */
  async tick(now = new Date()): Promise<number> {
    await this.enqueueScheduled(now);
    return this.runDue();
  }

  async enqueueScheduled(now = new Date()): Promise<void> {
    for (const schedule of this.schedules) {
      const slot = Math.floor(now.getTime() / schedule.everyMs);
      await enqueueJob(this.db, {
        kind: schedule.kind,
        payload: schedule.payload,
        runAt: new Date(slot * schedule.everyMs),
        dedupeKey: `${schedule.kind}:${slot}`,
      });
    }
  }

  /**
   * Runs every due job (of `kinds`, or all) until none is left; concurrent calls share a run, and a call made during
   * a run gets one more pass after it, so "run after my change" always covers that change.
   */
  runDue(kinds?: readonly string[]): Promise<number> {
    if (this.running) {
      this.rerun ??= this.running
        .catch(() => 0)
        .then(() => {
          this.rerun = null;
          return this.runDue(kinds);
        });
      return this.rerun;
    }
    this.running = this.drain(kinds).finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async drain(kinds?: readonly string[]): Promise<number> {
    let done = 0;
    for (;;) {
      if (this.stopping && done > 0) return done;
      const claimed = await this.claim(kinds);
      for (const job of claimed) {
        await this.execute(job);
        done += 1;
      }
      if (claimed.length < this.batch) return done;
    }
  }

  private claim(kinds?: readonly string[]): Promise<Claimed[]> {
    const only = kinds?.length
      ? sql`and kind in (${sql.join(
          kinds.map((k) => sql`${k}`),
          sql`, `,
        )})`
      : sql``;
    return queryRows<Claimed>(
      this.db,
      sql`update jobs set status = 'EXECUTANDO', attempts = attempts + 1,
                 locked_until = now() + make_interval(secs => ${this.leaseMs / 1000})
           where id in (
             select id from jobs
              where ((status = 'PENDENTE' and run_at <= now()) or (status = 'EXECUTANDO' and locked_until < now()))
                ${only}
              order by run_at, id
              limit ${this.batch}
              for update skip locked)
       returning id, kind, payload, attempts, max_attempts`,
    );
  }

  private async execute(job: Claimed): Promise<void> {
    const id = Number(job.id);
    const handler = this.handlers[job.kind];
    try {
      if (!handler) throw new Error(`tipo de tarefa desconhecido: ${job.kind}`);
      await handler(job.payload ?? {}, {
        db: this.db,
        log: this.log,
        jobId: id,
        attempt: job.attempts,
        maxAttempts: job.max_attempts,
      });
      await this.db.execute(sql`update jobs set status = 'CONCLUIDO', finished_at = now(), locked_until = null,
                                 last_error = null where id = ${id} and attempts = ${job.attempts}`);
    } catch (err) {
      const dead = !handler || job.attempts >= job.max_attempts;
      const message = String((err as Error)?.message ?? err).slice(0, 2000);
      await this.db.execute(sql`update jobs set
          status = ${dead ? 'FALHOU' : 'PENDENTE'}, last_error = ${message}, locked_until = null,
          run_at = case when ${dead} then run_at else now() + make_interval(secs => ${retryDelaySeconds(job.attempts)}) end,
          finished_at = case when ${dead} then now() else null end
        where id = ${id} and attempts = ${job.attempts}`);
      this.log.warn({ jobId: id, kind: job.kind, attempt: job.attempts, dead, error: message }, 'job failed');
    }
  }
}
