import {
  PAGE_SIZE,
  type Paginated,
  SEARCH_TOTAL_CAP,
  TOTAL_CAP,
  TYPE_AHEAD_SIZE,
} from '@origem/contract/paging';
import { and, asc, count, desc, getTableName, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgSelect, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/client';

/**
 * One way to page every list (docs/adr/006-lists-that-scale.md): a page is an index walk in the list's order, and
 * the total a count that stops at TOTAL_CAP, so no request sorts, skips or counts a whole table.
 *
 * - Keyset: when the order is a run of one table's columns in one direction ending with its id (`KeysetOrder`),
 *   a request with `after` (the previous page's last id) starts right after that row, `(keys, id) > (the anchor's
 *   keys, id)`, which the order's index serves like page 1. A jump to page 40 (no `after`) is an offset, taken
 *   over the ids alone (the filter's joins only) before the page's own joins.
 * - Search: a "contains" filter (`search`, served by a pg_trgm index) is counted first. When it matches few rows
 *   they are fetched through its index and sorted; when it matches many, walking the order's index finds a page
 *   of them at once. (The planner cannot tell the two apart: it assumes matches spread evenly along the order,
 *   and a name that matches only "Trading…" would have it walk the whole table.) A text search (`containsText`) is counted only
 *   up to SEARCH_TOTAL_CAP: past it the user refines the words rather than pages, and counting a common word's ten
 *   thousand matches costs the trigram index's whole posting lists and as many rows rechecked (8–25 ms at scale).
 *   A search by btree ranges alone (a prefix, a period) is counted to TOTAL_CAP; a list may sort one up to
 *   TOTAL_CAP matches (`sortUpTo`) when its values follow the order (invoice numbers follow time, so a prefix's
 *   matches sit together far down the walk).
 * - The total is exact when the page shows the end of the list, otherwise a count of at most TOTAL_CAP + 1 rows
 *   (run beside the page query); past the cap the answer says `total_capped` instead of counting further.
 */

/** The page a client asked for (`pageQuery` of the contract). */
export type PageRequest = {
  page: number;
  per_page?: number | undefined;
  after?: number | undefined;
  /** 'false': no count (type-aheads); `total` is then the rows seen so far and `total_capped` says more follow. */
  count?: 'true' | 'false' | undefined;
};

/** An order keyset paging can follow: `keys` of `table` (as the index has them), then `id`, one direction. */
export type KeysetOrder = {
  table: PgTable;
  keys: (AnyPgColumn | SQL)[];
  id: AnyPgColumn;
  direction: 'asc' | 'desc';
};

/** Any other order (a joined column, mixed directions, nulls placement): offset paging with the capped count. */
export type PlainOrder = { by: SQL[] };

export type ListOrder = KeysetOrder | PlainOrder;

export function keysetOrder(
  table: PgTable,
  direction: 'asc' | 'desc',
  keys: (AnyPgColumn | SQL)[],
  id: AnyPgColumn,
): KeysetOrder {
  return { table, keys, id, direction };
}

export function plainOrder(...by: SQL[]): PlainOrder {
  return { by };
}

export type ListSpec<Q extends PgSelect> = {
  /** Scope and exact filters (served by the order's index or a composite index ending with it). */
  where: SQL | undefined;
  /** "Contains" filters served by a pg_trgm index (or a prefix served by its own btree); see above. */
  search?: SQL | undefined;
  /** `search` holds a "contains" text filter (pg_trgm): counted to SEARCH_TOTAL_CAP and sorted up to it. */
  containsText?: boolean;
  /** A search of btree ranges alone is sorted up to this many matches (default SORTED_SEARCH_LIMIT); see above. */
  sortUpTo?: number;
  order: ListOrder;
  /**
   * Choose even page 1 by ids, before the page's joins: for a filter that is a set of ids (a few hundred, gathered
   * by a subquery) rather than an index walk, the planner cannot tell how many rows it holds and joins them all
   * before it sorts.
   */
  idsFirst?: boolean;
  /** The page's select (columns, from, joins) with `where` applied, as `.$dynamic()`. */
  rows: (where: SQL | undefined) => Q;
  /**
   * The ids of the rows matching `where`, with only the joins the filter needs, as `.$dynamic()`:
   * `db.select({ id: t.id }).from(t).where(where).$dynamic()`. Counted (capped), and paged for deep offsets.
   */
  ids: (where: SQL | undefined) => PgSelect;
};

/** Below this many matches a search is sorted (its index, then a top-N sort); above it, the order's index walks. */
export const SORTED_SEARCH_LIMIT = 2_000;

function isKeyset(order: ListOrder): order is KeysetOrder {
  return 'keys' in order;
}

/** The ORDER BY terms of an order (also for the unpaged `/all` lists that share it). */
export function orderTerms(order: ListOrder): SQL[] {
  if (!isKeyset(order)) return order.by;
  const dir = order.direction === 'asc' ? asc : desc;
  return [...order.keys, order.id].map((key) => dir(key));
}

/**
 * The same order, written so that no index matches it (`coalesce(k, k)` is `k`): the planner then gathers the
 * search's matches through the search index and sorts them, instead of walking the order's index.
 */
function sortedTerms(order: ListOrder): SQL[] {
  if (!isKeyset(order)) return order.by;
  const dir = order.direction === 'asc' ? asc : desc;
  return [...order.keys.map((key) => dir(sql`coalesce(${key}, ${key})`)), dir(order.id)];
}

/** `(keys, id) > (the anchor row's keys, id)`: the rows after the anchor in the list's order. */
function afterAnchor(order: KeysetOrder, anchorId: number): SQL {
  const tuple = sql.join([...order.keys, order.id], sql`, `);
  const op = order.direction === 'asc' ? sql`>` : sql`<`;
  // The subquery's `from` names the same table, so its column references resolve to the anchor row.
  return sql`(${tuple}) ${op} (select ${tuple} from ${order.table} where ${order.id} = ${anchorId})`;
}

/** How many rows `ids` holds, counting at most `limit` of them. */
export async function cappedCount(db: Executor, ids: PgSelect, limit = TOTAL_CAP + 1): Promise<number> {
  const [row] = await db.select({ n: count() }).from(ids.limit(limit).as('capped'));
  return row?.n ?? 0;
}

type RowOf<Q extends PgSelect> = Awaited<Q>[number];

/** One page of a list, in the SPEC §7 shape plus `total_capped` (contract `paginated`). */
export async function paginate<Q extends PgSelect>(
  db: Executor,
  request: PageRequest,
  spec: ListSpec<Q>,
): Promise<Paginated<RowOf<Q>>> {
  const perPage = request.per_page ?? PAGE_SIZE;
  const page = Math.max(1, request.page);
  const offset = (page - 1) * perPage;
  const wantTotal = request.count !== 'false';
  const filter = and(spec.where, spec.search);
  const { order } = spec;
  const anchor = request.after && page > 1 && isKeyset(order) ? request.after : undefined;

  // A search is counted first: how many rows it matches decides how its page is read.
  const text = Boolean(spec.search && spec.containsText);
  const cap = text ? SEARCH_TOTAL_CAP : TOTAL_CAP;
  const sortUpTo = text ? SEARCH_TOTAL_CAP : Math.min(spec.sortUpTo ?? SORTED_SEARCH_LIMIT, TOTAL_CAP);
  let counted: number | undefined;
  if (spec.search) counted = await cappedCount(db, spec.ids(filter), wantTotal ? cap + 1 : sortUpTo + 1);
  const sorted = counted !== undefined && counted <= sortUpTo;
  const terms = sorted ? sortedTerms(order) : orderTerms(order);

  // One row more than the page tells whether another page follows, without counting.
  const fetch = (where: SQL | undefined, skip: number): Promise<RowOf<Q>[]> =>
    spec
      .rows(where)
      .orderBy(...terms)
      .limit(perPage + 1)
      .offset(skip) as Promise<RowOf<Q>[]>;
  const byOffset = (): Promise<RowOf<Q>[]> => {
    if (!isKeyset(order) || (offset === 0 && !sorted && !spec.idsFirst)) return fetch(filter, offset);
    // A deep offset skips ids on the filter's own index walk, then joins only the page's rows. A sorted search
    // too chooses its page by ids: the sort then holds narrow rows, which an index with the order's keys (a
    // prefix's, say) can supply without reading the table.
    const pageIds = spec
      .ids(filter)
      .orderBy(...terms)
      .limit(perPage + 1)
      .offset(offset);
    // An array, so the page's few ids are one primary-key condition whatever the table's size.
    return fetch(sql`${order.id} = any(array(${pageIds}))`, 0);
  };
  const read = async (): Promise<RowOf<Q>[]> => {
    if (!anchor || !isKeyset(order)) return byOffset();
    const after = await fetch(and(filter, afterAnchor(order, anchor)), 0);
    // The anchor row was deleted meanwhile (or was the last one): fall back to the offset.
    return after.length > 0 ? after : byOffset();
  };
  // The count runs beside the page query (a second pooled connection) whenever it may be needed.
  const countBeside =
    counted === undefined && wantTotal && !anchor && offset + perPage < cap
      ? cappedCount(db, spec.ids(filter), cap + 1)
      : undefined;
  const [rows, besideCount] = await Promise.all([read(), countBeside]);
  counted ??= besideCount;

  const more = rows.length > perPage;
  const data = rows.slice(0, perPage);
  let total: number;
  let capped = false;
  if (!more && (data.length > 0 || page === 1)) {
    // This page shows the end of the list: the total is known exactly, however deep the page.
    total = offset + data.length;
  } else if (!wantTotal) {
    total = offset + data.length;
    capped = more;
  } else if (more && offset + perPage >= cap) {
    capped = true;
    total = cap;
  } else {
    counted ??= await cappedCount(db, spec.ids(filter), cap + 1);
    capped = counted > cap;
    total = Math.min(counted, cap);
  }
  const lastPage = capped
    ? Math.max(wantTotal ? Math.ceil(cap / perPage) : 1, more ? page + 1 : page)
    : Math.max(1, Math.ceil(total / perPage));
  return { data, current_page: page, per_page: perPage, total, last_page: lastPage, total_capped: capped };
}

/** The same page with its rows mapped (database rows → API views). */
export function mapPage<T, U>(page: Paginated<T>, map: (row: T) => U): Paginated<U> {
  return { ...page, data: page.data.map(map) };
}

/**
 * A column of the row a foreign key points to (a name to show beside the id), as a scalar subquery. Each join a
 * list query adds costs the planner milliseconds on every request (it searches the join orders); a lookup is
 * planned apart and runs once per row of the page. The foreign key is written with its table, so it never binds
 * to the looked-up table.
 */
export function lookup<T = string>(column: AnyPgColumn, foreignKey: AnyPgColumn, key = 'id'): SQL<T | null> {
  const outer = sql`${sql.identifier(getTableName(foreignKey.table))}.${sql.identifier(foreignKey.name)}`;
  const ref = sql.identifier('ref');
  return sql<T | null>`(select ${ref}.${sql.identifier(column.name)} from ${sql.identifier(getTableName(column.table))} ${ref} where ${ref}.${sql.identifier(key)} = ${outer})`;
}

/** A type-ahead's request: the first TYPE_AHEAD_SIZE matches, not counted. */
export const TYPE_AHEAD_PAGE: PageRequest = { page: 1, per_page: TYPE_AHEAD_SIZE, count: 'false' };

/** Escapes LIKE wildcards so a user's "%" or "_" matches itself. */
export function likePattern(text: string): string {
  return `%${escapeLike(text)}%`;
}

/**
 * "Contains", case-insensitive, on a column stored lower-cased (a generated `lower(…)` column with a pg_trgm index):
 * what ILIKE answers, since in a UTF-8 database ILIKE lower-cases both sides and compares them. ILIKE does that to
 * every row it reads, five times the cost of the LIKE on the stored text (15 ms against 3 ms over 10 000 names).
 */
export function containsFolded(folded: AnyPgColumn, text: string): SQL {
  return sql`${folded} like lower(${likePattern(text)})`;
}

/** A LIKE pattern for "starts with" (served by a btree on the column in the "C" collation or pattern_ops). */
export function prefixPattern(text: string): string {
  return `${escapeLike(text)}%`;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
