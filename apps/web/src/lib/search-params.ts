import type { SearchSchemaInput } from '@tanstack/react-router';
import type { z } from 'zod';

export type RawSearch = Record<string, string | string[]>;

/**
 * Plain `?a=1&b=x` search strings (the router's default JSON encoding would turn `?cpf=123` into a number and
 * write strings as `%22…%22`). Every value is read as a string; the route's zod schema coerces it.
 */
export function parseSearchParams(searchStr: string): RawSearch {
  const params = new URLSearchParams(searchStr.startsWith('?') ? searchStr.slice(1) : searchStr);
  const result: RawSearch = {};
  for (const key of new Set(params.keys())) {
    const all = params.getAll(key);
    result[key] = all.length > 1 ? all : (all[0] ?? '');
  }
  return result;
}

function toParam(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint')
    return String(value);
  if (value instanceof Date) return value.toISOString();
  return JSON.stringify(value);
}

/** The inverse of parseSearchParams; blank values are left out so URLs stay short. */
export function stringifySearchParams(search: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(search)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      const text = toParam(item);
      if (text !== null) params.append(key, text);
    }
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/**
 * A route's `validateSearch` from a zod schema that never fails: an invalid parameter in a shared or old link is
 * dropped (falling back to its default) instead of breaking the screen.
 */
export function lenientSearch<T>(schema: z.ZodType<T>): (raw: Record<string, unknown>) => T {
  return (raw) => {
    const first = schema.safeParse(raw);
    if (first.success) return first.data;
    const bad = new Set(first.error.issues.map((issue) => String(issue.path[0] ?? '')));
    const cleaned = Object.fromEntries(Object.entries(raw).filter(([key]) => !bad.has(key)));
    const second = schema.safeParse(cleaned);
    if (second.success) return second.data;
    const empty = schema.safeParse({});
    return empty.success ? empty.data : ({} as T);
  };
}

/**
 * validateSearch for a route: like lenientSearch, but keeps only the parameters the address actually carries,
 * so the router does not write defaults (page=1) into every link. Screens read the defaults through
 * useListSearch/useSearchValues, which parse with the same schema.
 */
export function routeSearch<T>(schema: z.ZodType<T>): (raw: Record<string, unknown>) => Partial<T> {
  const validate = lenientSearch(schema);
  return (raw) => {
    const values = validate(raw) as Record<string, unknown>;
    const present = Object.entries(values).filter(
      ([key, value]) => value !== undefined && raw[key] !== undefined && raw[key] !== '',
    );
    return Object.fromEntries(present) as Partial<T>;
  };
}

/**
 * A route's search, typed by the contract's schema without running it when the route matches: links and
 * navigate() must pass what the schema's output allows (`Partial<z.output<S>>`), while the route keeps the
 * address's own values (`Record<string, unknown>`), which its screen parses with the same schema
 * (useListSearch / useSearchValues). Only the type of the schema is needed, so the app starts without zod; its
 * code loads with the screens that parse.
 */
export type SearchOf<S extends z.ZodType> = (
  raw: Partial<z.output<S>> & SearchSchemaInput,
) => Record<string, unknown>;

/** The address's parameters as they are, blank ones left out (see SearchOf). */
function presentParams(raw: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(raw).filter(([, value]) => value !== undefined && value !== null && value !== ''),
  );
}

export function searchOf<S extends z.ZodType>(): SearchOf<S> {
  return presentParams;
}
