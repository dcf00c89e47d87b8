import { describe, expect, it } from 'vitest';
import { materialOrigin, originCheck } from './origin-check';

const BR = 1;
const AR = 2;
const CN = 3;
const members = new Set([BR, AR]);

describe('the origin check (a hint for the analyst)', () => {
  it('weighs the non-originating CIF value against the FOB value and the ceiling, exactly', () => {
    const check = originCheck({
      productNcm: '69079000',
      fobUnitValueMax: '10.00',
      ceilingPercent: '40.00',
      members,
      materials: [
        { ncm: '25070010', origin_country_id: BR, cif_value_usd: '3.00' },
        { ncm: '32072010', origin_country_id: CN, cif_value_usd: '2.10' },
        { ncm: '32071010', origin_country_id: CN, cif_value_usd: '1.90' },
      ],
    });
    expect(check).toEqual({
      fob_value_usd: '10.00',
      non_originating_cif_usd: '4.00',
      non_originating_share_percent: '40.00',
      ceiling_percent: '40.00',
      within_ceiling: true,
      non_originating_count: 2,
      all_change_heading: true,
    });
  });

  it('is over the ceiling by a cent, and notices a material of the same heading', () => {
    const check = originCheck({
      productNcm: '69079000',
      fobUnitValueMax: '10.00',
      ceilingPercent: '40',
      members,
      materials: [{ ncm: '69071000', origin_country_id: CN, cif_value_usd: '4.01' }],
    });
    expect(check).toMatchObject({
      non_originating_share_percent: '40.10',
      within_ceiling: false,
      all_change_heading: false,
    });
  });

  it('has nothing to weigh without a FOB value or without foreign materials', () => {
    expect(
      originCheck({
        productNcm: '09012100',
        fobUnitValueMax: '0.00',
        ceilingPercent: '40',
        members,
        materials: [],
      }),
    ).toMatchObject({
      non_originating_share_percent: null,
      within_ceiling: null,
      non_originating_count: 0,
      all_change_heading: true,
    });
  });

  it('flags each material', () => {
    expect(materialOrigin({ ncm: '25070010', origin_country_id: AR }, '69079000', members)).toEqual({
      originating: true,
      changes_heading: null,
    });
    expect(materialOrigin({ ncm: '69071000', origin_country_id: CN }, '69079000', members)).toEqual({
      originating: false,
      changes_heading: false,
    });
  });
});
