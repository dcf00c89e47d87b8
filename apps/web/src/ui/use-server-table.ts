import { keepPreviousData, type QueryKey, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { ApiError } from '../api/api-error';
import type { QueryParams, QueryValue } from '../api/http-client';
import { fetchPage, type PageResult } from '../api/paging';
import type { ListControls } from './use-list-search';

export type UseServerTableOptions = {
  /** Cache key prefix, e.g. ['users', 'search']; the query values are appended. */
  queryKey: QueryKey;
  /** Paged endpoint, e.g. '/v1/user/search'. */
  path: string;
  /** Page/filter/order state, usually from useListSearch. */
  list: ListControls;
  /** Query sent to the server; defaults to `list.search` (page + filters + order). */
  query?: QueryParams;
  enabled?: boolean;
};

export type ServerTable<T> = {
  rows: T[];
  page: number;
  perPage: number;
  total: number;
  /** `total` is a lower bound ("10.000+"): the server stopped counting at its cap. */
  totalCapped: boolean;
  lastPage: number;
  /** First load (nothing to show yet): skeleton. */
  isLoading: boolean;
  /** Any request in flight (page change keeps the previous rows visible). */
  isFetching: boolean;
  error: ApiError | Error | null;
  refetch: () => void;
  list: ListControls;
};

function toQueryValue(value: unknown): QueryValue {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (Array.isArray(value)) return value.map((item) => String(item));
  if (value instanceof Date) return value.toISOString();
  return JSON.stringify(value);
}

export function toQueryParams(search: Record<string, unknown>): QueryParams {
  return Object.fromEntries(Object.entries(search).map(([key, value]) => [key, toQueryValue(value)]));
}

/**
 * A server-paged list: fetches `path` with the list's page and filters, keeps the previous page on screen
 * while the next loads, and pulls a stale page number (beyond the last page) back to the last one.
 */
export function useServerTable<T>({
  queryKey,
  path,
  list,
  query,
  enabled = true,
}: UseServerTableOptions): ServerTable<T> {
  const params: QueryParams = query ?? toQueryParams({ ...list.search, page: list.page });
  const result = useQuery<PageResult<T>, Error>({
    queryKey: [...queryKey, params],
    queryFn: ({ signal }) => fetchPage<T>(path, { ...params, page: list.page }, { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });

  const data = result.data;
  const { setPage } = list;
  useEffect(() => {
    if (
      data &&
      !result.isPlaceholderData &&
      data.rows.length === 0 &&
      data.total > 0 &&
      list.page > data.lastPage
    ) {
      setPage(data.lastPage);
    }
  }, [data, result.isPlaceholderData, list.page, setPage]);

  return {
    rows: data?.rows ?? [],
    page: data?.page ?? list.page,
    perPage: data?.perPage ?? 0,
    total: data?.total ?? 0,
    totalCapped: data?.totalCapped ?? false,
    lastPage: data?.lastPage ?? 1,
    isLoading: result.isPending && enabled,
    isFetching: result.isFetching,
    error: result.error ?? null,
    refetch: () => void result.refetch(),
    list,
  };
}
