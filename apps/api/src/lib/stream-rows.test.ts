import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase, queryRows } from '../db/client';
import { openRows, openTextRows } from './stream-rows';

/**
 * A cursor export on PostgreSQL under the pool's statement timeout (DB_STATEMENT_TIMEOUT_MS): the server counts the
 * whole cursor as one statement, and the audit CSV of 2 000 000 rows was cut after 15 s (issue 21's bench found it).
 * No tables: the rows come from generate_series.
 */
const server = process.env.DATABASE_URL;
const TIMEOUT_MS = 300;

describe.skipIf(!server)('a cursor export under the statement timeout (PostgreSQL)', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openDatabase({ databaseUrl: server, pool: { max: 3, statementTimeoutMs: TIMEOUT_MS } });
  });
  afterAll(() => handle?.close());

  it('reads every batch of an export that lasts longer than the timeout; other statements keep it', async () => {
    const rows = await openRows<{ g: number }>(
      handle.db,
      () => sql`select g from generate_series(1, 5000) g order by g`,
      1000,
    );
    const read: number[] = [];
    for await (const batch of rows) {
      read.push(...batch.map((row) => Number(row.g)));
      // A slow reader: the download's client, or the next batch's names being looked up.
      await sleep(150);
    }
    expect(read).toHaveLength(5000);
    expect(read.at(-1)).toBe(5000);

    // Every connection of the pool, the cursor's one included, still cancels a statement past the timeout.
    const slow = () => queryRows(handle.db, sql`select pg_sleep(${(TIMEOUT_MS * 2) / 1000})`);
    const outcomes = await Promise.allSettled([slow(), slow(), slow()]);
    for (const outcome of outcomes) {
      expect(outcome.status).toBe('rejected');
      expect(
        String(
          (outcome as PromiseRejectedResult).reason?.cause?.code ??
            (outcome as PromiseRejectedResult).reason?.code,
        ),
      ).toBe('57014');
    }
  });

  it('COPY: every row as text, a parameter as a literal; an export left half read frees its connection', async () => {
    const quote = "d'Ávila \\ fim";
    const rows = await openTextRows(
      handle.db,
      () =>
        sql`select n::text as g, ${quote}::text as quote, null::text as nothing from generate_series(1, 5000) n order by n`,
      ['g', 'quote', 'nothing'],
      1000,
    );
    const read: string[] = [];
    for await (const batch of rows) {
      read.push(...batch.map((row) => row.g ?? ''));
      expect(batch[0]).toMatchObject({ quote, nothing: null });
      await sleep(150);
    }
    expect(read).toHaveLength(5000);
    expect(read.at(-1)).toBe('5000');

    // Abandoned after its first batch, three times over (the pool has three connections): each is discarded, not
    // handed back still in COPY mode, and the pool goes on answering with the timeout in place.
    for (let i = 0; i < 3; i += 1) {
      const half = await openTextRows(
        handle.db,
        () => sql`select g::text as g from generate_series(1, 500000) g`,
        ['g'],
        1000,
      );
      const first = await half.next();
      expect(first.done).toBe(false);
      await half.return();
    }
    const [answer] = await queryRows<{ n: number }>(handle.db, sql`select 41 + 1 as n`);
    expect(Number(answer?.n)).toBe(42);
    await expect(queryRows(handle.db, sql`select pg_sleep(${(TIMEOUT_MS * 2) / 1000})`)).rejects.toThrow();
  });
});
