import { optionalText, pageQuery } from '@origem/contract/paging';
import { LOOKUPS, type LookupDefinition } from '@origem/contract/schemas/lookups';
import { z } from 'zod';

/** Every lookup table of the contract, in the contract's order (the hub shows them so). */
export const LOOKUP_DEFINITIONS: readonly LookupDefinition[] = Object.values(LOOKUPS);

/** The definition behind `/cadastros/tabelas/{slug}`; undefined for a slug no table has. */
export function findLookup(
  slug: string | undefined,
  definitions: readonly LookupDefinition[] = LOOKUP_DEFINITIONS,
): LookupDefinition | undefined {
  return slug ? definitions.find((def) => def.slug === slug) : undefined;
}

export const LOOKUPS_HUB_PATH = '/cadastros';

export function lookupPath(def: LookupDefinition): string {
  return `${LOOKUPS_HUB_PATH}/tabelas/${def.slug}`;
}

/** Creating, editing and deleting rows: never on a fixed (read-only) table, otherwise with reference_data.manage. */
export function canManageLookup(def: LookupDefinition, can: (permission: string) => boolean): boolean {
  return !def.readOnly && can('reference_data.manage');
}

/** The list's URL search: `?page` and the free-text filter `?q` the API matches against every text field. */
export const lookupSearchQuery = pageQuery.extend({ q: optionalText });

/**
 * The form dialog lives in the URL too (`?registro=novo`, `?registro=12`), so a reload or a shared link
 * reopens it. Anything else means "no dialog".
 */
export const RECORD_PARAM = 'registro';
export type RecordTarget = 'novo' | number;

/**
 * The route's whole search (list + dialog), for a `validateSearch` on '/cadastros/tabelas/$slug': with
 * lookupSearchQuery alone the router would drop `registro`. The list itself reads lookupSearchQuery, so the
 * open dialog never counts as a filter.
 */
export const lookupRouteSearch = lookupSearchQuery.extend({ [RECORD_PARAM]: z.string().max(20).optional() });

export function parseRecordTarget(value: unknown): RecordTarget | null {
  const text = typeof value === 'number' ? String(value) : value;
  if (text === 'novo') return 'novo';
  if (typeof text === 'string' && /^\d{1,10}$/.test(text) && Number(text) > 0) return Number(text);
  return null;
}
