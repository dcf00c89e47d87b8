import { z } from 'zod';

export const PAGE_SIZE = 15;
/** The largest page a client may ask for with `per_page` (type-ahead selects ask for TYPE_AHEAD_SIZE). */
export const MAX_PAGE_SIZE = 100;
/** Options a type-ahead select shows for what was typed (ARCHITECTURE.md "API conventions"). */
export const TYPE_AHEAD_SIZE = 20;
export const MAX_ALL_ROWS = 1000;
/**
 * Lists on tables that grow count at most this many matching rows: beyond it the answer says `total: 10000,
 * total_capped: true` (the web shows "10.000+") instead of counting a whole table on every page.
 */
export const TOTAL_CAP = 10_000;
/**
 * A text search ("contains" a name, a product…) counts at most this many matches ("1.000+"): a user past it refines
 * the words rather than pages, and the count of a common word is what a search costs most (lib/paging.ts).
 */
export const SEARCH_TOTAL_CAP = 1_000;
/** Ids are PostgreSQL `integer`s: a larger number can name no row, and would make the query itself fail. */
export const MAX_ID = 2_147_483_647;

/**
 * `?page=N`, 1-based; a bad value falls back to page 1 rather than failing a shared link. Optional and lenient too:
 * - `per_page`: a smaller or larger page, up to MAX_PAGE_SIZE (type-ahead selects ask for TYPE_AHEAD_SIZE);
 * - `after`: keyset paging, the id of the previous page's last row: the page starts right after that row in the
 *   list's order instead of skipping `(page - 1) * per_page` rows, so page 600 costs what page 2 costs;
 * - `count=false`: no total wanted (type-aheads): `total` is then the rows up to this page and `total_capped`
 *   says whether more follow.
 */
export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).catch(1).default(1),
  per_page: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).optional().catch(undefined),
  after: z.coerce.number().int().min(1).max(MAX_ID).optional().catch(undefined),
  count: z.enum(['true', 'false']).optional().catch(undefined),
});
export type PageQuery = z.infer<typeof pageQuery>;

/**
 * SPEC §7's page answer plus `total_capped`: true when `total` is a lower bound. The filter matched more than
 * TOTAL_CAP rows (`total` is then TOTAL_CAP, shown "10.000+"; SEARCH_TOTAL_CAP for a text search), or the client asked for no count and more rows
 * follow. `last_page` is then the last page within the cap, or the next page while more rows follow (so a client
 * walking forward with `after` is never stopped at the cap).
 */
export function paginated<T extends z.ZodType>(item: T) {
  return z.object({
    data: z.array(item),
    current_page: z.number().int(),
    per_page: z.number().int(),
    total: z.number().int(),
    last_page: z.number().int(),
    total_capped: z.boolean(),
  });
}
export type Paginated<T> = {
  data: T[];
  current_page: number;
  per_page: number;
  total: number;
  last_page: number;
  total_capped: boolean;
};

export function listOf<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item) });
}

/** Optional text filter from a query string: blank means "no filter". */
export const optionalText = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim() || undefined : v),
  z.string().max(255).optional(),
);

export const optionalId = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  z.coerce.number().int().positive().max(MAX_ID).optional(),
);
