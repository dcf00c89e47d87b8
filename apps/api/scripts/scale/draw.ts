import { type SQL, sql } from 'drizzle-orm';
import { SAMPLE_NCM } from './vocabulary';

/** A literal text array (the short word lists). */
export const text = (values: readonly string[]): SQL =>
  sql`array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;

/** A deterministic "random" element of `list` for row `g` (hashint4 spreads consecutive numbers). */
export const pick = (list: SQL, g: SQL, salt: number): SQL =>
  sql`(${list})[1 + mod(abs(hashint4((${g})::int + ${salt}::int)::bigint), cardinality(${list}))]`;

/** A deterministic "random" number in 0…n-1 for row `g`. */
export const spread = (g: SQL, salt: number, n: number): SQL =>
  sql`mod(abs(hashint4((${g})::int + ${salt}::int)::bigint), ${n}::int)::int`;

/**
 * The 8-digit NCM subitems in code order (or SAMPLE_NCM when no NCM table is loaded), as integers: the filler
 * writes `lpad(code, 8, '0')` back. Fetching element i of a text array walks the i - 1 elements before it (its
 * elements have no fixed width), ~70 µs per row over 10 000 codes, the largest part of the declarations' and
 * materials' fill; an int4 array is indexed by offset, as the id arrays are.
 */
export const ncmCodes: SQL = sql`coalesce((select array_agg(code::int order by code) from ncm where leaf and length(code) = 8),
                                          ${text(SAMPLE_NCM)}::int[])`;
