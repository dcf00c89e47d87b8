import type { LookupDefinition, LookupRow } from '@origem/contract/schemas/lookups';

/** 'Porto de embarque' → 'porto de embarque'; acronyms such as 'UF' or 'ISO' keep their capitals. */
export function lowerFirst(text: string): string {
  const [first = '', second = ''] = text;
  if (second && second === second.toUpperCase() && second !== second.toLowerCase()) return text;
  return first.toLowerCase() + text.slice(1);
}

/** The singular in running text: 'moeda', 'unidade de medida'. */
export function singularText(def: LookupDefinition): string {
  return lowerFirst(def.singular);
}

/** Label of the primary action and of the create dialog: 'Nova moeda', 'Novo setor'. */
export function newRecordLabel(def: LookupDefinition): string {
  return `${def.gender === 'f' ? 'Nova' : 'Novo'} ${singularText(def)}`;
}

/** Title of the edit dialog: 'Editar moeda'. */
export function editRecordLabel(def: LookupDefinition): string {
  return `Editar ${singularText(def)}`;
}

/** How a row is named in buttons and confirmations: its name, else its first text value, else its id. */
export function rowLabel(def: LookupDefinition, row: LookupRow): string {
  if (typeof row.name === 'string' && row.name) return row.name;
  for (const field of def.fields) {
    const value = row[field.name];
    if (field.kind !== 'boolean' && typeof value === 'string' && value) return value;
  }
  return `#${row.id}`;
}

/** Placeholder of the search box, from the fields the API searches: 'Código ISO, nome ou símbolo'. */
export function searchPlaceholder(def: LookupDefinition): string {
  const labels = def.fields
    .filter((field) => field.kind !== 'boolean')
    .map((field, index) => (index === 0 ? field.label : lowerFirst(field.label)));
  if (labels.length <= 1) return labels[0] ?? '';
  return `${labels.slice(0, -1).join(', ')} ou ${labels.at(-1)}`;
}
