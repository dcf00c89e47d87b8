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
  return { rows, page, perPage, total, lastPage };
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
  try {
    const raw = await http.get<unknown>(path, { query, list: true, signal: options.signal });
    return normalizePage<T>(raw, query.page ?? 1);
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
