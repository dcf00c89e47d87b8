import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * The days an origin norm or rule is in force (issue 36), as SQL: both bounds inclusive, a null bound open. A norm's
 * or rule's versions share its name or code; the one that applies to a record is the one in force on its day (a
 * certificate's invoice date; today for a declaration being written).
 */

export type Period = { valid_from: string | null; valid_until: string | null };
type Dated = { valid_from: AnyPgColumn; valid_until: AnyPgColumn };

/** The row is in force on `day` ('YYYY-MM-DD' or a date expression). */
export function inForceOn(table: Dated, day: string | SQL): SQL {
  const d = typeof day === 'string' ? sql`${day}::date` : day;
  return sql`(${table.valid_from} is null or ${table.valid_from} <= ${d}) and (${table.valid_until} is null or ${table.valid_until} >= ${d})`;
}

/** The row's period shares a day with `p`. */
export function overlaps(table: Dated, p: Period): SQL {
  return sql`coalesce(${table.valid_from}, '-infinity'::date) <= coalesce(${p.valid_until}::date, 'infinity'::date)
    and coalesce(${p.valid_from}::date, '-infinity'::date) <= coalesce(${table.valid_until}, 'infinity'::date)`;
}
