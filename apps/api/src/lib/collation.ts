import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * Orders text the way a Brazilian reader expects ("Élida" beside "Elisa", case ignored) with the ICU root
 * collation, identical on PGlite and PostgreSQL. Indexes that serve these orders use the same expression.
 */
export function humanOrder(column: AnyPgColumn): SQL {
  return sql`${column} collate "und-x-icu"`;
}
