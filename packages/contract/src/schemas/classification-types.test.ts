import { describe, expect, it } from 'vitest';
import * as deals from './deals';
import {
  CLASSIFICATION_LIST_TYPE_KEYS,
  CLASSIFICATION_TYPE_KEYS,
  CLASSIFICATION_TYPES,
  classificationListCreateSchema,
} from './nomenclature';

describe('classification types: one definition (issue 9)', () => {
  it('is defined once, in nomenclature.ts; the deals contract has no list of its own', () => {
    expect(Object.keys(deals)).not.toContain('CLASSIFICATION_TYPES');
    expect(CLASSIFICATION_TYPE_KEYS).toEqual(['NCM', 'NALADI/SH 96', 'SH 2012', 'SH 2017', 'SH 2022']);
  });

  it('a deal may classify in any of them, NCM included', () => {
    for (const type of CLASSIFICATION_TYPE_KEYS) {
      expect(deals.classificationType.safeParse(type).success, type).toBe(true);
    }
    expect(deals.classificationType.safeParse('SH 2007').success).toBe(false);
  });

  it('a classification list maps NCM to every other one, never to NCM itself', () => {
    expect(CLASSIFICATION_LIST_TYPE_KEYS).toEqual(['NALADI/SH 96', 'SH 2012', 'SH 2017', 'SH 2022']);
    const list = (classification_type: string) =>
      classificationListCreateSchema.safeParse({ classification_type, name: 'Lista' }).success;
    expect(list('NCM')).toBe(false);
    for (const type of CLASSIFICATION_LIST_TYPE_KEYS) expect(list(type), type).toBe(true);
    expect(CLASSIFICATION_TYPES.NCM.digits).toBe(8);
  });
});
