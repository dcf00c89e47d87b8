import { PAGE_SIZE, type Paginated } from '@origem/contract/paging';
import { sql } from 'drizzle-orm';

export function pageWindow(page: number, perPage = PAGE_SIZE): { limit: number; offset: number } {
  return { limit: perPage, offset: (Math.max(1, page) - 1) * perPage };
}

export function toPage<T>(data: T[], total: number, page: number, perPage = PAGE_SIZE): Paginated<T> {
  return {
    data,
    current_page: page,
    per_page: perPage,
    total,
    last_page: Math.max(1, Math.ceil(total / perPage)),
  };
}

/** Escapes LIKE wildcards so a user's "%" or "_" matches itself. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The filter's total computed in the page query itself (one round trip instead of two). */
export const totalOver = sql<number>`(count(*) over ())::int`.mapWith(Number);

/** The total read off the page's rows; a page past the end has no rows to carry it, so only then count. */
export async function pageTotal(
  rows: readonly { total: number }[],
  count: () => Promise<number>,
): Promise<number> {
  const first = rows[0];
  return first ? first.total : count();
}
