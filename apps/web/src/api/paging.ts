import { isApiError } from './api-error';
import { http } from './http';
import type { QueryParams } from './http-client';

/** One page of a server list, whatever shape the endpoint used (root keys or under `meta`, SPEC §3). */
export type PageResult<T> = {
  rows: T[];
  page: number;
  perPage: number;
  total: number;
  lastPage: number;
  /** `total` is a lower bound: the list holds more (shown "10.000+"; contract paging.ts `total_capped`). */
  totalCapped: boolean;
};

function num(value: unknown): number | undefined {
  const n = typeof value === 'string' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : undefined;
}

export function normalizePage<T>(raw: unknown, requestedPage = 1): PageResult<T> {
  const body = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
  const meta = (typeof body.meta === 'object' && body.meta !== null ? body.meta : {}) as Record<
    string,
    unknown
  >;
  const rows = Array.isArray(body.data) ? (body.data as T[]) : [];
  const total = num(body.total) ?? num(meta.total) ?? rows.length;
  const perPage = num(body.per_page) ?? num(meta.per_page) ?? Math.max(rows.length, 1);
  const page = num(body.current_page) ?? num(meta.current_page) ?? requestedPage;
  const lastPage = num(body.last_page) ?? num(meta.last_page) ?? Math.max(1, Math.ceil(total / perPage));
  const totalCapped = (body.total_capped ?? meta.total_capped) === true;
  return { rows, page, perPage, total, lastPage, totalCapped };
}

/**
 * Keyset paging without the screens knowing (ARCHITECTURE.md "API conventions"): the last row id of each page
 * read, by list and filters, so that the next page is asked for `after` that row (the server starts right there
 * instead of skipping every row before it). A page reached any other way is asked for by its number alone.
 */
const lastIds = new Map<string, number>();
const LAST_IDS_KEPT = 200;

function listKey(path: string, query: QueryParams, page: number): string {
  const filters = Object.entries(query)
    .filter(([key, value]) => key !== 'page' && key !== 'after' && value !== undefined && value !== '')
    .sort(([a], [b]) => a.localeCompare(b));
  return `${path}?${JSON.stringify(filters)}#${page}`;
}

function rememberLastId(key: string, rows: unknown[]): void {
  const last = rows.at(-1) as { id?: unknown } | undefined;
  if (typeof last?.id !== 'number') return;
  lastIds.delete(key);
  lastIds.set(key, last.id);
  // Oldest first in a Map: drop the oldest beyond the limit.
  for (const oldest of lastIds.keys()) {
    if (lastIds.size <= LAST_IDS_KEPT) break;
    lastIds.delete(oldest);
  }
}

/**
 * GET a paged list (`?page=N` plus filters). Marked as a list call, so a 403 is only logged. Other failures are
 * left to the caller's error state (DataTable shows the message with "Tentar novamente") instead of a dialog.
 */
export async function fetchPage<T>(
  path: string,
  query: QueryParams & { page?: number },
  options: { signal?: AbortSignal } = {},
): Promise<PageResult<T>> {
  const page = query.page ?? 1;
  const after = page > 1 ? lastIds.get(listKey(path, query, page - 1)) : undefined;
  try {
    const raw = await http.get<unknown>(path, {
      query: after === undefined ? query : { ...query, after },
      list: true,
      signal: options.signal,
    });
    const result = normalizePage<T>(raw, page);
    rememberLastId(listKey(path, query, result.page), result.rows);
    return result;
  } catch (error) {
    if (isApiError(error)) error.markHandled();
    throw error;
  }
}

/** GET an unpaged `…/all` list (`{ data }`), for selects. */
export async function fetchAll<T>(path: string, query?: QueryParams): Promise<T[]> {
  const raw = await http.get<{ data?: T[] }>(path, { query, list: true });
  return Array.isArray(raw?.data) ? raw.data : [];
}
