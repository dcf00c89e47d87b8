import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { type Executor, queryRows } from '../db/client';

/**
 * The audit count and a digest of every row of each of `tables` (in id order): what a refused mutation must leave
 * as it was.
 */
export async function tableDigests(
  db: Executor,
  tables: readonly string[],
): Promise<Record<string, string | number>> {
  const digests = tables.map((table) =>
    sql.raw(`(select md5(coalesce(string_agg(x::text, '|' order by x.id), '')) from ${table} x) as ${table}`),
  );
  const [row] = await queryRows<Record<string, string | number>>(
    db,
    sql`select (select count(*)::int from audits) as audits, ${sql.join(digests, sql.raw(', '))}`,
  );
  return row ?? {};
}

/** Runs `action` and checks that `snapshot` reads the same before and after it; returns what the action returned. */
export async function expectUnchanged<T>(
  snapshot: () => Promise<unknown>,
  action: () => Promise<T>,
): Promise<T> {
  const before = await snapshot();
  const result = await action();
  expect(await snapshot()).toEqual(before);
  return result;
}
