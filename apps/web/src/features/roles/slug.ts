/** Role identifiers (slugs): lower-case letters, digits and "_" (roleInputSchema), at most 60 characters. */
export const SLUG_MAX = 60;

function stripAccents(text: string): string {
  return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
}

/**
 * What the identifier field keeps while the user types: lower case, no accents, spaces and hyphens become "_",
 * anything else the slug cannot hold is dropped. Leading/trailing "_" stay, so typing "analista_" works.
 */
export function slugWhileTyping(text: string): string {
  return stripAccents(text)
    .toLowerCase()
    .replace(/[\s-]+/g, '_')
    .replace(/[^a-z0-9_]/g, '')
    .slice(0, SLUG_MAX);
}

/** The identifier suggested from a label: 'Analista Sênior (SP)' → 'analista_senior_sp'. */
export function suggestSlug(label: string): string {
  return stripAccents(label)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, SLUG_MAX)
    .replace(/_+$/, '');
}
