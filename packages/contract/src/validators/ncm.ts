// NCM (Nomenclatura Comum do Mercosul): 8 digits, shown as 0000.00.00 and always compared digits only
// (DOMAIN.md §11). The tree above a code is made of its prefixes: chapter (2), position (4), subpositions (5, 6),
// item (7) and subitem (8).

/** Lengths a node of the NCM tree can have. */
export const NCM_NODE_LENGTHS: readonly number[] = [2, 4, 5, 6, 7, 8];

export const NCM_MASK = '0000.00.00';

/**
 * Removes only the mask (dots, spaces, hyphens): '8408.90.90' → '84089090'. Anything else stays, so a stray
 * letter still makes the code invalid instead of silently disappearing.
 */
export function unmaskNcm(value: string): string {
  return value.replace(/[\s.-]/g, '');
}

/** A complete NCM code: exactly 8 digits once the mask is removed. */
export function isValidNcm(value: string): boolean {
  return /^\d{8}$/.test(unmaskNcm(value));
}

/** A code of any level of the tree (chapter to subitem), mask removed. */
export function isNcmNode(value: string): boolean {
  const code = unmaskNcm(value);
  return /^\d+$/.test(code) && NCM_NODE_LENGTHS.includes(code.length);
}

/** Two codes name the same NCM when their digits match: `8408.90.90` = `84089090`. */
export function sameNcm(a: string, b: string): boolean {
  return unmaskNcm(a) === unmaskNcm(b);
}

/** Mask 0000.00.00, applied as far as the code goes: '84' → '84', '84089' → '8408.9', '84089090' → '8408.90.90'. */
export function formatNcm(value: string): string {
  const code = unmaskNcm(value);
  if (!/^\d{1,8}$/.test(code)) return value;
  const parts = [code.slice(0, 4), code.slice(4, 6), code.slice(6, 8)].filter(Boolean);
  return parts.join('.');
}
