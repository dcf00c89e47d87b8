import type { LookupDefinition, LookupRow } from '@origem/contract/schemas/lookups';

export type LookupFormValues = Record<string, string | boolean>;

/** The form's starting values: the row's (blanks for nulls) when editing, empty text and "off" when creating. */
export function lookupFormDefaults(def: LookupDefinition, row?: LookupRow): LookupFormValues {
  const values: LookupFormValues = {};
  for (const field of def.fields) {
    const stored = row?.[field.name];
    if (field.kind === 'boolean') values[field.name] = stored === true;
    else values[field.name] = typeof stored === 'string' ? stored : '';
  }
  return values;
}
