import { useNavigate, useSearch } from '@tanstack/react-router';
import { useCallback, useMemo, useState } from 'react';
import type { z } from 'zod';
import { lenientSearch } from '../lib/search-params';

/** Keys every list search has besides its filters. */
const RESERVED = new Set(['page', 'order']);

/** What DataTable, FilterBar and useServerTable need from a list's state, wherever it is kept. */
export type ListControls = {
  /** Validated values: filters + page (+ order). Sent as the list call's query. */
  search: Record<string, unknown>;
  /** The filter values only (no page/order), for the filter form. */
  filters: Record<string, unknown>;
  page: number;
  /** Current order ('name' ascending, '-name' descending), when the list is ordered by the user. */
  order: string | undefined;
  /** True when some filter has a value (the empty state then offers "Limpar filtros"). */
  hasFilters: boolean;
  setPage: (page: number) => void;
  setOrder: (order: string | undefined) => void;
  /** Replaces the filters (blank values dropped) and goes back to page 1. */
  applyFilters: (values: Record<string, unknown>) => void;
  clearFilters: () => void;
};

export type ListState<S> = ListControls & { search: S };

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

function cleanFilters(values: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) {
    if (RESERVED.has(key) || isBlank(value)) continue;
    out[key] = typeof value === 'string' ? value.trim() : value;
  }
  return out;
}

/**
 * Whether some filter differs from the list's defaults: a value the schema fills in by itself (e.g.
 * `excluidos=false`) is not a filter the user applied, and must not make an empty list say "filtros aplicados".
 */
function differsFromDefaults(filters: Record<string, unknown>, defaults: Record<string, unknown>): boolean {
  return Object.entries(filters).some(
    ([key, value]) => JSON.stringify(value) !== JSON.stringify(defaults[key]),
  );
}

function controls<S extends Record<string, unknown>>(
  search: S,
  write: (next: Record<string, unknown>) => void,
  defaults: Record<string, unknown>,
): ListState<S> {
  const filters = cleanFilters(search);
  const page = typeof search.page === 'number' && search.page > 0 ? search.page : 1;
  const order = typeof search.order === 'string' && search.order ? search.order : undefined;
  // Page 1 is the default: left out of the address to keep links short.
  const pageParam = (n: number) => (n > 1 ? n : undefined);
  return {
    search,
    filters,
    page,
    order,
    hasFilters: differsFromDefaults(filters, defaults),
    setPage: (next) => write({ ...filters, order, page: pageParam(next) }),
    setOrder: (next) => write({ ...filters, order: next, page: undefined }),
    applyFilters: (values) => write({ ...cleanFilters(values), order, page: undefined }),
    clearFilters: () => write({ order, page: undefined }),
  };
}

/**
 * List state kept in the URL (UX.md): filters, page and order survive reload, back/forward and shared links.
 * `schema` is the route's search schema (e.g. userSearchQuery from the contract); invalid values fall back
 * to their defaults.
 */
export function useListSearch<S extends Record<string, unknown>>(schema: z.ZodType<S>): ListState<S> {
  const raw = useSearch({ strict: false }) as Record<string, unknown>;
  const navigate = useNavigate();
  const validate = useMemo(() => lenientSearch(schema), [schema]);
  const search = useMemo(() => validate(raw), [validate, raw]);
  const defaults = useMemo(() => validate({}), [validate]);
  const write = useCallback(
    (next: Record<string, unknown>) => {
      void navigate({ to: '.', search: next });
    },
    [navigate],
  );
  return useMemo(() => controls(search, write, defaults), [search, write, defaults]);
}

/** The same list state kept in component memory, for lists inside tabs or dialogs. */
export function useLocalList<S extends Record<string, unknown>>(schema: z.ZodType<S>): ListState<S> {
  const validate = useMemo(() => lenientSearch(schema), [schema]);
  const defaults = useMemo(() => validate({}), [validate]);
  const [search, setSearch] = useState<S>(() => defaults);
  const write = useCallback((next: Record<string, unknown>) => setSearch(validate(next)), [validate]);
  return useMemo(() => controls(search, write, defaults), [search, write, defaults]);
}
