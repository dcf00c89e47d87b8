import type { Stream } from 'node:stream';
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import Cursor from 'pg-cursor';
import { type Executor, queryRows } from '../db/client';
import { unavailable } from './errors';

/**
 * A query's rows a batch at a time, for exports that must not hold a whole period in memory
 * (docs/adr/010-reports-that-stream.md).
 *
 * - PostgreSQL (node-postgres pool): one statement read through a cursor (pg-cursor), `batchSize` rows per
 *   round trip, on a connection of the pool held for the whole export. At most MAX_CURSORS exports hold one at a
 *   time, so long downloads never take every connection from the rest of the API; one more waits up to
 *   CURSOR_WAIT_MS for its turn, then is refused with a 503.
 * - PGlite (or a transaction): keyset batches, each its own statement, so other requests run between them.
 *   `query(after)` must return the rows that follow `after` in the query's own order; the helper adds the limit.
 *
 * Rows come back as `db.execute` gives them on both drivers: timestamps as PostgreSQL's text, json parsed.
 */
export type KeysetQuery<T> = (after: T | null) => SQL;

export const STREAM_BATCH = 2000;
const MAX_CURSORS = 4;
const CURSOR_WAIT_MS = 15_000;

const dialect = new PgDialect();

/** drizzle's node-postgres session reads dates and intervals as text (its columns map them); the cursor too. */
const TEXT_TYPES = new Set<number>([
  pg.types.builtins.TIMESTAMPTZ,
  pg.types.builtins.TIMESTAMP,
  pg.types.builtins.DATE,
  pg.types.builtins.INTERVAL,
  1115, // timestamp[]
  1182, // date[]
  1185, // timestamptz[]
  1187, // interval[]
  1231, // numeric[]
]);
const cursorTypes = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    TEXT_TYPES.has(oid)
      ? (value: string) => value
      : pg.types.getTypeParser(oid, format as 'text')) as pg.CustomTypesConfig['getTypeParser'],
};

/** Waiting room for the pool's connections that cursors may hold (per pool: one per database). */
class CursorGate {
  private active = 0;
  private readonly waiting: (() => void)[] = [];
  constructor(private readonly max: number) {}

  async enter(): Promise<void> {
    if (this.active < this.max) {
      this.active += 1;
      return;
    }
    await new Promise<void>((resolve, reject) => {
      const turn = () => {
        clearTimeout(timer);
        this.active += 1;
        resolve();
      };
      const timer = setTimeout(() => {
        this.waiting.splice(this.waiting.indexOf(turn), 1);
        reject(unavailable());
      }, CURSOR_WAIT_MS);
      this.waiting.push(turn);
    });
  }

  leave(): void {
    this.active -= 1;
    this.waiting.shift()?.();
  }
}
const gates = new WeakMap<pg.Pool, CursorGate>();

function poolOf(db: Executor): pg.Pool | null {
  const client = (db as { $client?: unknown }).$client;
  return client instanceof pg.Pool ? client : null;
}

/** The drizzle logger of `db`, if any, so a cursor's statement shows up where the others do (bench, plan tests). */
function logQuery(db: Executor, text: string, params: unknown[]): void {
  const session = (db as { _?: { session?: { logger?: { logQuery(q: string, p: unknown[]): void } } } })._
    ?.session;
  session?.logger?.logQuery(text, params);
}

async function* cursorBatches<T>(db: Executor, pool: pg.Pool, query: SQL, size: number) {
  const { sql: text, params } = dialect.sqlToQuery(query);
  let gate = gates.get(pool);
  if (!gate) {
    gate = new CursorGate(Math.max(1, Math.min(MAX_CURSORS, (pool.options.max ?? 10) - 2)));
    gates.set(pool, gate);
  }
  await gate.enter();
  let client: pg.PoolClient | null = null;
  let failed: Error | undefined;
  try {
    client = await pool.connect();
    // The pool's statement timeout (DB_STATEMENT_TIMEOUT_MS) counts the whole cursor as one statement: a long export
    // (the audit trail's 2 000 000 rows, ~1 min) was cut at 15 s. Its reader paces it, and at most MAX_CURSORS run at
    // once, so it runs without one; the connection gets the pool's default back before it is released.
    await client.query('set statement_timeout = 0');
    logQuery(db, text, params);
    const cursor = client.query(new Cursor<T>(text, params, { types: cursorTypes }));
    // The next batch is asked for before this one is handed over: the database reads it while the file is written.
    let next: Promise<T[]> | null = cursor.read(size);
    try {
      while (next) {
        const rows: T[] = await next;
        if (rows.length === 0) return;
        next = rows.length < size ? null : cursor.read(size);
        // Awaited on the next turn, or below when the reader leaves: never an unhandled rejection.
        next?.catch(() => {});
        yield rows;
      }
    } catch (error) {
      failed = error as Error;
      throw error;
    } finally {
      // An abandoned export (the client went away) closes its portal; a failed connection is discarded.
      if (next) await next.catch((error: Error) => (failed ??= error));
      if (!failed) await cursor.close().catch((error: Error) => (failed = error));
    }
  } finally {
    if (client && !failed)
      await client.query('reset statement_timeout').catch((error: Error) => (failed = error));
    client?.release(failed);
    gate.leave();
  }
}

async function* keysetBatches<T>(db: Executor, query: KeysetQuery<T>, size: number) {
  let after: T | null = null;
  for (;;) {
    const rows: T[] = await queryRows<T>(db, sql`${query(after)} limit ${sql.raw(String(size))}`);
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < size) return;
    after = rows[rows.length - 1] ?? null;
  }
}

/** The rows of `query` in batches, by cursor or keyset as the driver allows (see above). */
export function streamRows<T>(
  db: Executor,
  query: KeysetQuery<T>,
  batchSize = STREAM_BATCH,
): AsyncGenerator<T[], void, undefined> {
  const pool = poolOf(db);
  return pool ? cursorBatches<T>(db, pool, query(null), batchSize) : keysetBatches(db, query, batchSize);
}

/** Batches of rows; `return()` ends them early and frees what they hold (a Readable calls it when destroyed). */
export type RowBatches<T> = AsyncIterableIterator<T[]> & {
  return(): Promise<IteratorResult<T[], undefined>>;
};

/**
 * `streamRows` with its first batch already read: a query that fails to start fails here, while the request can
 * still answer with an error status; what fails later can only cut the response short. Whoever gets the batches
 * must read them to the end or `return()` them: they may hold a connection.
 */
export async function openRows<T>(
  db: Executor,
  query: KeysetQuery<T>,
  batchSize = STREAM_BATCH,
): Promise<RowBatches<T>> {
  const batches = streamRows(db, query, batchSize);
  const first = await batches.next();
  let pending: T[] | null = first.done ? null : first.value;
  const end = async (): Promise<IteratorResult<T[], undefined>> => {
    pending = null;
    await batches.return();
    return { done: true, value: undefined };
  };
  const iterator: RowBatches<T> = {
    async next() {
      if (!pending) return batches.next();
      const value = pending;
      pending = null;
      return { done: false, value };
    },
    return: end,
    async throw(error?: unknown) {
      await end();
      throw error;
    },
    [Symbol.asyncIterator]: () => iterator,
  };
  return iterator;
}

/**
 * `body`, which ends `rows` when it closes for any reason: finished, failed, or destroyed by a reader that left
 * before the writer even started (a generator never started would not run its own cleanup).
 */
export function endsWith<S extends Stream>(body: S, rows: RowBatches<unknown>): S {
  body.once('close', () => {
    rows.return().catch(() => {});
  });
  return body;
}
