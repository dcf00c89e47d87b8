import { LOOKUPS } from '@origem/contract/schemas/lookups';
import { describe, expect, it } from 'vitest';
import { routeSearch } from '../../lib/search-params';
import {
  canManageLookup,
  findLookup,
  LOOKUP_DEFINITIONS,
  lookupPath,
  lookupRouteSearch,
  lookupSearchQuery,
  parseRecordTarget,
} from './find-lookup';

describe('findLookup', () => {
  it('finds a definition by its route slug', () => {
    expect(findLookup('moedas')).toBe(LOOKUPS.currency);
    expect(findLookup('tipos-empresa')).toBe(LOOKUPS.company_type);
  });

  it('knows no table for an unknown, empty or missing slug', () => {
    expect(findLookup('moeda')).toBeUndefined();
    expect(findLookup('')).toBeUndefined();
    expect(findLookup(undefined)).toBeUndefined();
  });

  it('finds a table added to the definitions later, with no other change', () => {
    const added = { ...LOOKUPS.sector, key: 'incoterm', slug: 'incoterms', title: 'Incoterms' };
    expect(findLookup('incoterms', [...LOOKUP_DEFINITIONS, added])).toBe(added);
  });

  it('gives every table its own slug and route', () => {
    const slugs = LOOKUP_DEFINITIONS.map((def) => def.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    expect(lookupPath(LOOKUPS.shipment_port)).toBe('/cadastros/tabelas/portos-embarque');
  });
});

describe('canManageLookup', () => {
  const admin = () => true;
  const reader = (permission: string) => permission === 'reference_data.view';

  it('needs reference_data.manage', () => {
    expect(canManageLookup(LOOKUPS.currency, admin)).toBe(true);
    expect(canManageLookup(LOOKUPS.currency, reader)).toBe(false);
  });

  it('never allows changes to a fixed table', () => {
    expect(canManageLookup(LOOKUPS.company_type, admin)).toBe(false);
    expect(canManageLookup(LOOKUPS.person_type, admin)).toBe(false);
  });
});

describe('list search', () => {
  it('keeps the page and the search text, dropping blanks and bad pages', () => {
    expect(lookupSearchQuery.parse({ page: '2', q: ' dólar ' })).toEqual({ page: 2, q: 'dólar' });
    expect(lookupSearchQuery.parse({ page: 'x', q: '  ' })).toEqual({ page: 1, q: undefined });
  });

  it('keeps the dialog parameter in the route search, but not among the filters', () => {
    const raw = { q: 'euro', registro: 'novo', page: '2' };
    expect(routeSearch(lookupRouteSearch)(raw)).toEqual({ q: 'euro', registro: 'novo', page: 2 });
    expect(lookupSearchQuery.parse(raw)).toEqual({ q: 'euro', page: 2 });
  });

  it('reads the dialog parameter: "novo", a row id, or nothing', () => {
    expect(parseRecordTarget('novo')).toBe('novo');
    expect(parseRecordTarget('12')).toBe(12);
    expect(parseRecordTarget(12)).toBe(12);
    expect(parseRecordTarget('0')).toBeNull();
    expect(parseRecordTarget('-3')).toBeNull();
    expect(parseRecordTarget('editar')).toBeNull();
    expect(parseRecordTarget(undefined)).toBeNull();
  });
});
