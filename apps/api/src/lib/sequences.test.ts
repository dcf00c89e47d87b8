import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, queryRows } from '../db/client';
import { openTestDatabase } from '../test/database';
import { nextNumber } from './sequences';

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(() => handle.close());

describe('nextNumber', () => {
  it('hands out 1..100 to 100 concurrent issuing transactions, unique and gap-free', async () => {
    const numbers = await Promise.all(
      Array.from({ length: 100 }, () =>
        handle.db.transaction(async (tx) => {
          const n = await nextNumber(tx, 'certificate:036:A18:26');
          // Work inside the issuing transaction after taking the number: others must queue, not overtake.
          await tx.execute(sql`select pg_sleep(0.001)`);
          return n;
        }),
      ),
    );
    expect([...numbers].sort((a, b) => a - b)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
  });

  it('gives a rolled-back number back, so the sequence has no gap', async () => {
    await handle.db.transaction((tx) => nextNumber(tx, 'receipt:1'));
    await handle.db
      .transaction(async (tx) => {
        expect(await nextNumber(tx, 'receipt:1')).toBe(2);
        throw new Error('emissão falhou');
      })
      .catch(() => undefined);
    expect(await handle.db.transaction((tx) => nextNumber(tx, 'receipt:1'))).toBe(2);
  });

  it('keeps each scope on its own', async () => {
    const a = await handle.db.transaction((tx) => nextNumber(tx, 'scope:a'));
    const b = await handle.db.transaction((tx) => nextNumber(tx, 'scope:b'));
    expect([a, b]).toEqual([1, 1]);
    const [row] = await queryRows<{ n: number }>(
      handle.db,
      sql`select count(*)::int as n from document_sequences where scope like 'scope:%'`,
    );
    expect(row?.n).toBe(2);
  });
});
