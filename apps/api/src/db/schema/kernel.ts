import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './identity';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Every workflow transition of every flow (packages/contract flows.ts): who took which action, when, from which state
 * to which, and the note. Written by the one transition function in the action's transaction; the record's history.
 */
export const flowSteps = pgTable(
  'flow_steps',
  {
    id: serial('id').primaryKey(),
    flow: varchar('flow', { length: 40 }).notNull(),
    record_id: integer('record_id').notNull(),
    action: varchar('action', { length: 40 }).notNull(),
    /** Null for the step that created the record. */
    from_status: varchar('from_status', { length: 30 }),
    to_status: varchar('to_status', { length: 30 }).notNull(),
    note: text('note'),
    user_id: integer('user_id').references(() => users.id),
    created_at: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('flow_steps_record_idx').on(t.flow, t.record_id, t.id)],
);

export const JOB_STATUSES = ['PENDENTE', 'EXECUTANDO', 'CONCLUIDO', 'FALHOU'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/**
 * Background work (mail, file sweep, expiry, documents): claimed with FOR UPDATE SKIP LOCKED under a lease, so
 * several instances share the queue and a crashed worker's job is taken again when its lease runs out. Failures
 * retry with back-off; a job that exhausts its attempts stays as FALHOU for the administrator to see and retry.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: varchar('kind', { length: 40 }).notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    status: varchar('status', { length: 12 }).notNull().default('PENDENTE'),
    attempts: smallint('attempts').notNull().default(0),
    max_attempts: smallint('max_attempts').notNull().default(8),
    run_at: at('run_at').notNull().defaultNow(),
    /** While EXECUTANDO: when the lease ends and another worker may take the job again. */
    locked_until: at('locked_until'),
    last_error: text('last_error'),
    /** Recurring and one-per-subject jobs: a second enqueue with the same key is a no-op. */
    dedupe_key: varchar('dedupe_key', { length: 120 }),
    created_at: at('created_at').notNull().defaultNow(),
    finished_at: at('finished_at'),
  },
  (t) => [
    check(
      'jobs_status_check',
      sql`${t.status} in (${sql.raw(JOB_STATUSES.map((s) => `'${s}'`).join(', '))})`,
    ),
    index('jobs_due_idx').on(t.run_at).where(sql`${t.status} = 'PENDENTE'`),
    index('jobs_running_idx').on(t.locked_until).where(sql`${t.status} = 'EXECUTANDO'`),
    index('jobs_status_idx').on(t.status, t.id),
    uniqueIndex('jobs_dedupe_idx').on(t.dedupe_key),
  ],
);

/**
 * Document numbers (certificate ids, receipts…): one row per scope ('certificate:036:A18:26'); the next number is
 * taken by one upsert-returning statement inside the issuing transaction, so numbers are unique and, because a
 * rolled-back transaction returns its number, gap-free.
 */
export const documentSequences = pgTable('document_sequences', {
  scope: varchar('scope', { length: 120 }).primaryKey(),
  value: bigint('value', { mode: 'number' }).notNull(),
  updated_at: at('updated_at').notNull().defaultNow(),
});

/**
 * Answers of creates sent with an `Idempotency-Key`, kept 24 h: a retry gets the first answer back. The row is
 * written in the create's own transaction (with its first audit row), so a create that committed is never run twice,
 * even when the server died before answering.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    /** The user (0 for anonymous calls) who sent the key: keys of different users never meet. */
    user_id: integer('user_id').notNull(),
    key: varchar('key', { length: 100 }).notNull(),
    /** Method and route pattern: the same key on another route is a client error. */
    route: varchar('route', { length: 200 }).notNull(),
    fingerprint: varchar('fingerprint', { length: 64 }).notNull(),
    /** What the create wrote first (from its audit row), to answer a retry whose first answer was never stored. */
    record_type: varchar('record_type', { length: 60 }),
    record_id: integer('record_id'),
    status_code: smallint('status_code'),
    response: text('response'),
    created_at: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.user_id, t.key] }),
    index('idempotency_keys_created_idx').on(t.created_at),
  ],
);
