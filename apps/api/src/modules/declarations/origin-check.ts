import type { OriginCheck } from '@origem/contract/schemas/declarations';

export type CheckedMaterial = { ncm: string; origin_country_id: number; cif_value_usd: string };

const cents = (value: string) => Math.round(Number(value) * 100);
const money = (cents: number) => (cents / 100).toFixed(2);

/** The first 4 digits of an NCM: its tariff heading (posição). */
const heading = (code: string) => code.slice(0, 4);

/** Whether a material originates under the deal, and (when it does not) whether it changes tariff heading. */
export function materialOrigin(
  material: { ncm: string; origin_country_id: number },
  productNcm: string,
  members: ReadonlySet<number>,
): { originating: boolean; changes_heading: boolean | null } {
  const originating = members.has(material.origin_country_id);
  return {
    originating,
    changes_heading: originating ? null : heading(material.ncm) !== heading(productNcm),
  };
}

/**
 * The analyst's hint (issue 12 "Origin check"; never the decision): the CIF value of the materials from countries
 * outside the deal (its partners and Brazil) as a percentage of the product's FOB value — the range's maximum, the
 * most favourable reading — against the deal's ceiling, and whether every non-originating material changes tariff
 * heading (salto tarifário). Exact in cents; the share is rounded to 2 decimals.
 */
export function originCheck(input: {
  productNcm: string;
  fobUnitValueMax: string;
  ceilingPercent: string;
  materials: readonly CheckedMaterial[];
  members: ReadonlySet<number>;
}): OriginCheck {
  const fob = cents(input.fobUnitValueMax);
  const outside = input.materials.filter((m) => !input.members.has(m.origin_country_id));
  const nonOriginating = outside.reduce((sum, m) => sum + cents(m.cif_value_usd), 0);
  const share = fob > 0 ? (nonOriginating * 100) / fob : null;
  const ceiling = Number(input.ceilingPercent);
  // Compared in hundredths of a percent, as shown: 40.004 % is within a 40 % ceiling, 40.01 % is not.
  const shownShare = share === null ? null : Math.round(share * 100) / 100;
  return {
    fob_value_usd: money(fob),
    non_originating_cif_usd: money(nonOriginating),
    non_originating_share_percent: shownShare === null ? null : shownShare.toFixed(2),
    ceiling_percent: ceiling.toFixed(2),
    within_ceiling: shownShare === null ? null : shownShare <= ceiling,
    non_originating_count: outside.length,
    all_change_heading: outside.every((m) => heading(m.ncm) !== heading(input.productNcm)),
  };
}
