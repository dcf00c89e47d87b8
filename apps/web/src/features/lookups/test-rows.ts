import type { LookupRow } from '@origem/contract/schemas/lookups';

/** A row literal typed as the contract's LookupRow (its `{ id } & Record<…>` type accepts no object literal). */
export function lookupRow(
  values: { id: number } & Record<string, string | boolean | number | null>,
): LookupRow {
  return values as LookupRow;
}
