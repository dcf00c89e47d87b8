import { z } from 'zod';

export const PAGE_SIZE = 15;
export const MAX_ALL_ROWS = 1000;
/** Ids are PostgreSQL `integer`s: a larger number can name no row, and would make the query itself fail. */
export const MAX_ID = 2_147_483_647;

/** `?page=N`, 1-based; a bad value falls back to page 1 rather than failing a shared link. */
export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).catch(1).default(1),
});
export type PageQuery = z.infer<typeof pageQuery>;

export function paginated<T extends z.ZodType>(item: T) {
  return z.object({
    data: z.array(item),
    current_page: z.number().int(),
    per_page: z.number().int(),
    total: z.number().int(),
    last_page: z.number().int(),
  });
}
export type Paginated<T> = {
  data: T[];
  current_page: number;
  per_page: number;
  total: number;
  last_page: number;
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
