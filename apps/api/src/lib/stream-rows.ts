import type { Stream } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
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
/**
 * How much text a file writer gathers before it hands it on: below V8's large-object size (a batch's 600 KB string
 * went straight to the old generation, and 2 000 000 audit rows grew the server by 220 MB of garbage between major
 * collections; issue 21), above a socket write's worth.
 */
export const PIECE_CHARS = 32 * 1024;
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

function gateOf(pool: pg.Pool): CursorGate {
  let gate = gates.get(pool);
  if (!gate) {
    gate = new CursorGate(Math.max(1, Math.min(MAX_CURSORS, (pool.options.max ?? 10) - 2)));
    gates.set(pool, gate);
  }
  return gate;
}

/** What a reader on a held connection reports: whether the connection must be discarded rather than reused. */
type Held = { discard: boolean };

/**
 * A connection of the pool held (through the gate) for one long read. The pool's statement timeout
 * (DB_STATEMENT_TIMEOUT_MS) counts a whole cursor or COPY as one statement: a long export (the audit trail's
 * 2 000 000 rows) was cut at 15 s. Its reader paces it, and at most MAX_CURSORS run at once, so it runs without one;
 * the connection gets the pool's default back before it is released, or is discarded when the read failed or was
 * left half done.
 */
async function* holding<T>(
  pool: pg.Pool,
  read: (client: pg.PoolClient, held: Held) => AsyncGenerator<T>,
): AsyncGenerator<T> {
  const gate = gateOf(pool);
  await gate.enter();
  let client: pg.PoolClient | null = null;
  const held: Held = { discard: false };
  try {
    client = await pool.connect();
    await client.query('set statement_timeout = 0');
    try {
      yield* read(client, held);
    } catch (error) {
      held.discard = true;
      throw error;
    }
  } finally {
    if (client && !held.discard)
      await client.query('reset statement_timeout').catch(() => (held.discard = true));
    client?.release(held.discard);
    gate.leave();
  }
}

function cursorBatches<T>(db: Executor, pool: pg.Pool, query: SQL, size: number) {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return holding<T[]>(pool, async function* (client, held) {
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
    } finally {
      // An abandoned export (the client went away) closes its portal; a failed connection is discarded.
      if (next) await next.catch(() => (held.discard = true));
      if (!held.discard) await cursor.close().catch(() => (held.discard = true));
    }
  });
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

/** A row whose every value is text, as COPY writes it (null for NULL). */
export type TextRow<K extends string> = Record<K, string | null>;

// COPY's text format escapes these on output (and never writes octal or hex escapes).
const COPY_ESCAPES: Record<string, string> = { b: '\b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v' };
const unescapeCopy = (field: string) => field.replace(/\\(.)/g, (_, c: string) => COPY_ESCAPES[c] ?? c);

/**
 * A COPY's rows are handed on this many at a time. They arrive as a stream whatever the batch, and a batch is alive
 * only between the socket and the file: small ones die young. 2 000 rows lived through a young-generation collection
 * and were promoted, and the audit CSV grew the server by 220 MB of garbage; 250 rows, by 2 MB (issue 21).
 */
const COPY_BATCH = 250;

function copyBatches<K extends string>(db: Executor, pool: pg.Pool, query: SQL, columns: readonly K[]) {
  // COPY takes no bind parameters: drizzle writes them as literals (strings quoted, quotes doubled), which the
  // connection reads as written only with standard_conforming_strings (PostgreSQL's default; set to be sure).
  const { sql: statement } = dialect.sqlToQuery(sql`${query}`.inlineParams());
  const text = `copy (${statement}) to stdout`;
  return holding<TextRow<K>[]>(pool, async function* (client, held) {
    await client.query('set standard_conforming_strings = on');
    logQuery(db, text, []);
    const stream = client.query(copyTo(text));
    const decoder = new StringDecoder('utf8');
    let rest = '';
    let batch: TextRow<K>[] = [];
    let finished = false;
    try {
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        const received = rest + decoder.write(chunk);
        const end = received.lastIndexOf('\n');
        if (end < 0) {
          rest = received;
          continue;
        }
        rest = received.slice(end + 1);
        for (const line of received.slice(0, end).split('\n')) {
          const fields = line.split('\t');
          const row = {} as TextRow<K>;
          for (let i = 0; i < columns.length; i++) {
            const field = fields[i] ?? '\\N';
            row[columns[i] as K] =
              field === '\\N' ? null : field.includes('\\') ? unescapeCopy(field) : field;
          }
          batch.push(row);
        }
        if (batch.length >= COPY_BATCH) {
          yield batch;
          batch = [];
        }
      }
      finished = true;
      if (batch.length) yield batch;
    } finally {
      // Left mid-COPY (the reader went away): the connection is still in COPY mode, so it is closed, not reused.
      if (!finished) held.discard = true;
      else await client.query('reset standard_conforming_strings');
    }
  });
}

async function* keysetTextBatches<K extends string>(
  db: Executor,
  query: KeysetQuery<TextRow<K>>,
  columns: readonly K[],
  size: number,
): AsyncGenerator<TextRow<K>[]> {
  for await (const rows of keysetBatches(db, query, size)) {
    yield rows.map((row) => {
      const text = {} as TextRow<K>;
      for (const column of columns) {
        const value = row[column] as unknown;
        text[column] = value === null || value === undefined ? null : String(value);
      }
      return text;
    });
  }
}

/**
 * streamRows for exports that write text: on PostgreSQL the statement runs as `COPY (…) TO STDOUT`, the server
 * writes its rows as text and they arrive as one byte stream, without node-postgres' work per row and value (the
 * audit CSV's 2 000 000 rows: 97 000 rows/s through a cursor, 154 000 through COPY; issue 21). Every value is text (null for NULL), named by
 * `columns` in the statement's order. On PGlite, keyset batches of `batchSize` as streamRows, their values written as
 * text.
 */
export async function openTextRows<K extends string>(
  db: Executor,
  query: KeysetQuery<TextRow<K>>,
  columns: readonly K[],
  batchSize = STREAM_BATCH,
): Promise<RowBatches<TextRow<K>>> {
  const pool = poolOf(db);
  return opened(
    pool ? copyBatches(db, pool, query(null), columns) : keysetTextBatches(db, query, columns, batchSize),
  );
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
export function openRows<T>(
  db: Executor,
  query: KeysetQuery<T>,
  batchSize = STREAM_BATCH,
): Promise<RowBatches<T>> {
  return opened(streamRows(db, query, batchSize));
}

async function opened<T>(batches: AsyncGenerator<T[], void, undefined>): Promise<RowBatches<T>> {
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
